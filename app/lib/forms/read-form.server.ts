import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Busboy } from '@fastify/busboy';
import { data, type RouterContextProvider } from 'react-router';
import { spooledUploads, uploadsFolder } from '#app/lib/upload/spool.server.ts';
import { MSG } from '#rules/messages.ts';
import { DRAIN_MAX_BYTES, FIELD_NAME_MAX_BYTES, type FormLimits, SHORT_FORM } from './form-limits';

/** Browsers send two part headers and short file names; past these a part's headers are cut, never gathered. */
const PART_HEADERS = { headerPairs: 4, headerSize: 4 * 1024 };

type Entry = { name: string; value: string } | { name: string; file: Promise<File> };

/** A file part over its limit, read past and not kept: the image rules refuse it by its size like any photo. */
export class OversizedFile extends File {
  readonly #size: number;

  constructor(name: string, type: string, size: number) {
    super([], name, { type });
    this.#size = size;
  }

  override get size(): number {
    return this.#size;
  }
}

type Refusal = 'too-large' | 'unreadable';

const unreadable = () => data(MSG.formUnreadable, { status: 400 });

const isBadName = (name: string | undefined) => typeof name !== 'string' || Buffer.byteLength(name) > FIELD_NAME_MAX_BYTES;

function spoolFolder(context: Readonly<RouterContextProvider>): () => Promise<string> {
  let folder: Promise<string> | undefined;
  return () => {
    if (!folder) {
      const root = uploadsFolder();
      folder = mkdir(root, { recursive: true }).then(() => mkdtemp(path.join(root, 'form-')));
      context.get(spooledUploads).push(folder);
    }
    return folder;
  };
}

function discard(part: Readable) {
  part.on('error', () => {});
  part.resume();
}

/** An untouched file input stays the empty File a browser sends ("no file"); a part past `maxBytes` is counted, not written. */
async function spool(part: Readable, filename: string, type: string, at: () => Promise<string>, n: number, maxBytes: number): Promise<File> {
  // Heard from the start: a part cut short errors at once, and an unheard error event ends the process.
  let broken: unknown;
  part.on('error', (error) => (broken ??= error));
  if (!filename) {
    part.resume();
    return new File([], '', { type: 'application/octet-stream' });
  }
  let folder: string;
  try {
    folder = await at();
  } catch (error) {
    // The parser waits for this part to be read before it goes on.
    part.resume();
    throw error;
  }
  const file = path.join(folder, String(n));
  let size = 0;
  await pipeline(
    part,
    async function* (chunks: AsyncIterable<Buffer | string>) {
      for await (const chunk of chunks) {
        size += Buffer.byteLength(chunk);
        if (size <= maxBytes) yield chunk;
      }
    },
    createWriteStream(file),
  );
  if (broken) throw broken;
  if (size > maxBytes) return new OversizedFile(filename, type, size);
  return new File([await openAsBlob(file)], filename, { type });
}

/** A body over its limits is drained so the browser reads our answer, not a reset (docs/decisions/022-uploads-stream-to-disk.md). */
export async function readFormWithin(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  limits: FormLimits,
): Promise<FormData | 'too-large'> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  let refusal: Refusal | undefined = declared > limits.maxBytes ? 'too-large' : undefined;
  let fields = 0;
  let textBytes = 0;
  const entries: Entry[] = [];
  const folder = spoolFolder(context);
  const files = limits.files ?? { count: 0, eachMaxBytes: 0 };
  let parser: InstanceType<typeof Busboy> | undefined;
  let parsed: Promise<void> = Promise.resolve();
  if (!refusal) {
    try {
      parser = new Busboy({
        headers: { 'content-type': request.headers.get('content-type') ?? '' },
        limits: {
          fieldNameSize: FIELD_NAME_MAX_BYTES,
          fieldSize: limits.textMaxBytes,
          // One over each limit, so that going over shows (busboy drops the rest without a word).
          fields: limits.fields + 1,
          files: files.count,
          parts: limits.fields + files.count + 1,
          ...PART_HEADERS,
        },
      });
    } catch {
      throw unreadable();
    }
    parser.on('field', (name, value, nameTruncated, valueTruncated) => {
      if (refusal) return;
      if (nameTruncated || isBadName(name)) {
        refusal = 'unreadable';
        return;
      }
      textBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
      if (++fields > limits.fields || valueTruncated || textBytes > limits.textMaxBytes) refusal = 'too-large';
      else entries.push({ name, value });
    });
    parser.on('file', (name, part, filename, _encoding, type) => {
      if (!refusal && isBadName(name)) refusal = 'unreadable';
      if (refusal) return discard(part);
      const file = spool(part, filename, type, folder, entries.length, files.eachMaxBytes);
      // Awaited below with the others; a failure here must not go unheard until then.
      file.catch(() => {});
      entries.push({ name, file });
    });
    parser.on('partsLimit', () => (refusal ??= 'too-large'));
    parsed = new Promise<void>((resolve, reject) => {
      parser!.once('finish', resolve);
      // `on`, not `once`: an error event with nobody listening ends the process.
      parser!.on('error', reject);
    });
    parsed.catch(() => {});
  }

  const filesWritten = () => Promise.allSettled(entries.map((entry) => ('file' in entry ? entry.file : undefined)));
  const endParser = () => {
    if (parser && !parser.writableEnded) parser.end();
  };
  if (request.body) {
    const reader = request.body.getReader();
    let received = 0;
    try {
      for (;;) {
        // Too much to read only to drop it: the connection goes instead.
        if (refusal && Math.max(declared, received) > DRAIN_MAX_BYTES) {
          await reader.cancel();
          break;
        }
        const { done, value } = await reader.read();
        if (done) break;
        received += value.byteLength;
        if (received > limits.maxBytes) refusal ??= 'too-large';
        if (refusal) endParser();
        else await write(parser!, value);
      }
    } catch {
      endParser();
      await filesWritten();
      throw unreadable();
    }
  }
  endParser();

  const form = new FormData();
  try {
    if (!refusal) await parsed;
  } catch {
    refusal = 'unreadable';
  }
  // Going over a limit may show only as the parser finishes.
  if (refusal) {
    await filesWritten();
    if (refusal === 'unreadable') throw unreadable();
    return 'too-large';
  }
  try {
    for (const entry of entries) {
      if ('value' in entry) form.append(entry.name, entry.value);
      else form.append(entry.name, await entry.file);
    }
  } catch (error) {
    await filesWritten();
    throw error;
  }
  return form;
}

/** A form without photos: one over its limits is a 413, as no browser sends one. */
export async function readForm(args: { request: Request; context: Readonly<RouterContextProvider> }, limits: FormLimits = SHORT_FORM): Promise<FormData> {
  const form = await readFormWithin(args, limits);
  if (form === 'too-large') throw data(MSG.formTooLarge, { status: 413 });
  return form;
}

/** Waits while the parser is busy writing earlier files; a parser that failed takes nothing more. */
function write(parser: Writable, chunk: Uint8Array): Promise<void> {
  return new Promise((resolve) => {
    if (parser.destroyed || parser.errored || parser.writableEnded || parser.write(chunk)) return resolve();
    const done = () => {
      parser.off('drain', done).off('close', done).off('error', done);
      resolve();
    };
    parser.on('drain', done).on('close', done).on('error', done);
  });
}
