import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Gzip compressed once around a piece that changes per response (a CSP nonce): each part ends in a sync
 * flush, so no back-reference crosses it and a stored block with the piece can sit between parts.
 */
export type GzipParts = { raw: Buffer[]; compressed: Buffer[] };

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const FINAL_EMPTY_BLOCK = deflateRawSync(Buffer.alloc(0));
const STORED_BLOCK_MAX = 0xffff;

// Node 20's crc32 answers 0 for an empty buffer whose memory was never allocated, whatever the running value.
const crcAfter = (bytes: Buffer, crc: number) => (bytes.length ? crc32(bytes, crc) : crc);

export function compressParts(texts: string[]): GzipParts {
  const raw = texts.map((text) => Buffer.from(text));
  // Copied: zlib answers with a view of its whole output chunk, which a stored page would otherwise keep.
  const compressed = raw.map((part) => Buffer.from(deflateRawSync(part, { finishFlush: constants.Z_SYNC_FLUSH })));
  return { raw, compressed };
}

function storedBlock(bytes: Buffer): Buffer {
  if (bytes.length > STORED_BLOCK_MAX) throw new RangeError('a stored block holds at most 65,535 bytes');
  const header = Buffer.alloc(5);
  header.writeUInt8(0, 0); // not final, stored
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}

export function gzipJoined(parts: GzipParts, separator: string): Uint8Array<ArrayBuffer> {
  const between = Buffer.from(separator);
  const block = storedBlock(between);
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  parts.raw.forEach((raw, i) => {
    if (i > 0) {
      chunks.push(block);
      crc = crcAfter(between, crc);
      size += between.length;
    }
    chunks.push(parts.compressed[i]!);
    crc = crcAfter(raw, crc);
    size += raw.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  chunks.push(FINAL_EMPTY_BLOCK, trailer);
  return new Uint8Array(Buffer.concat(chunks));
}
