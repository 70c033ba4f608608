import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Gzip compressed once around a piece that changes per response (a CSP nonce), `separatorBytes` long: each
 * part ends in a sync flush, so a stored block with the piece can sit between parts. Each part is compressed
 * with the text before it as its dictionary, the piece written as bytes no part holds, so it refers back to
 * the page but never into a piece.
 */
export type GzipParts = { raw: Buffer[]; compressed: Buffer[]; separatorBytes: number };

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const FINAL_EMPTY_BLOCK = deflateRawSync(Buffer.alloc(0));
const STORED_BLOCK_MAX = 0xffff;

// Node 20's crc32 answers 0 for an empty buffer whose memory was never allocated, whatever the running value.
const crcAfter = (bytes: Buffer, crc: number) => (bytes.length ? crc32(bytes, crc) : crc);

const WINDOW_BYTES = 32 * 1024;
const STAND_IN = 0;

export function compressParts(texts: string[], separatorBytes: number): GzipParts {
  const raw = texts.map((text) => Buffer.from(text));
  // A part holding the stand-in byte could match into a piece: such a page is compressed part by part.
  const chained = !raw.some((part) => part.includes(STAND_IN));
  const standIn = Buffer.alloc(separatorBytes, STAND_IN);
  let before = Buffer.alloc(0);
  const compressed = raw.map((part) => {
    const dictionary = chained && before.length ? { dictionary: before } : {};
    // Copied: zlib answers with a view of its whole output chunk, which a stored page would otherwise keep.
    const bytes = Buffer.from(deflateRawSync(part, { finishFlush: constants.Z_SYNC_FLUSH, ...dictionary }));
    if (chained) before = Buffer.concat([before, part, standIn]).subarray(-WINDOW_BYTES);
    return bytes;
  });
  return { raw, compressed, separatorBytes };
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
  if (parts.raw.length > 1 && between.length !== parts.separatorBytes)
    throw new RangeError(`these parts were compressed for a separator of ${parts.separatorBytes} bytes`);
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
