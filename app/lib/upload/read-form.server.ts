import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Busboy } from '@fastify/busboy';
import { data, type RouterContextProvider } from 'react-router';
import { spooledUploads, uploadsFolder } from './spool.server';

/**
 * Past this, an over-limit body is no longer read to its end: nobody on a phone sends it, and the
 * connection is simply dropped.
 */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;

type Entry = { name: string; value: string } | { name: string; file: Promise<File> };

/**
 * What a form with photos may hold: `count` files, each kept up to `eachMaxBytes`, and `textMaxBytes`
 * of text fields in all. Files past `count` are skipped, as a browser's form never holds them.
 */
export type FileLimits = { count: number; eachMaxBytes: number; textMaxBytes: number };

/**
 * A file part that was larger than its limit: read past and none of it kept, so only its name, declared
 * type and size remain. SPEC's image rules then refuse it by its size ('File size must not exceed 5MB.'),
 * like any other photo, and the rest of the form is read as usual.
 */
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

class NotAForm extends Error {}

/** The folder this request's photos are written to, made on its first photo and removed with the request. */
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

/**
 * Writes a file part to disk and answers it as a File that reads from there. An untouched file input
 * (no name, no bytes) stays the empty File a browser form gives, which the forms read as "no file".
 * A part that grows past `maxBytes` is no longer written: the rest is counted and dropped, and it
 * answers as an OversizedFile (what was written goes with the request's folder).
 */
async function spool(part: NodeJS.ReadableStream, filename: string, type: string, at: () => Promise<string>, n: number, maxBytes: number): Promise<File> {
  if (!filename) {
    part.resume();
    return new File([], '', { type: 'application/octet-stream' });
  }
  const file = path.join(await at(), String(n));
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
  if (size > maxBytes) return new OversizedFile(filename, type, size);
  // A File made from a Blob that reads a file on disk refers to it rather than copying it.
  return new File([await openAsBlob(file)], filename, { type });
}

/**
 * A posted form, read as it arrives with its files written to disk (DATA_DIR/tmp/uploads, removed when
 * the request is answered) rather than held in memory: ten owners sending ten phone photos each held
 * a gigabyte in the web tier when forms were read whole. `files` bounds what is kept of a form with
 * photos (see FileLimits), so a photo over its limit costs reading, not memory or disk, and the rest of
 * the form still arrives; without it the body's own limit is the only one.
 * A body declared or found to be larger than `maxBytes`, or with more text than `files` allows, is read
 * to its end and thrown away, so the browser, still sending, gets our page rather than a reset
 * connection; the answer is then 'too-large'. A body that is not a readable form is a 400: no browser
 * sends one.
 */
export async function readFormWithin(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  maxBytes: number,
  files: FileLimits = { count: Infinity, eachMaxBytes: maxBytes, textMaxBytes: maxBytes },
): Promise<FormData | 'too-large'> {
  let tooLarge = Number(request.headers.get('content-length') ?? 0) > maxBytes;
  let textTooLarge = false;
  let textBytes = 0;
  const entries: Entry[] = [];
  const folder = spoolFolder(context);
  let parser: InstanceType<typeof Busboy> | undefined;
  let parsed: Promise<void> = Promise.resolve();
  if (!tooLarge) {
    try {
      parser = new Busboy({
        headers: { 'content-type': request.headers.get('content-type') ?? '' },
        limits: { fieldSize: files.textMaxBytes, files: files.count },
      });
    } catch {
      throw data('The form could not be read. Please send it again.', { status: 400 });
    }
    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      textBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
      if (valueTruncated || textBytes > files.textMaxBytes) textTooLarge = true;
      else entries.push({ name, value });
    });
    parser.on('file', (name, part, filename, _encoding, type) => {
      const file = spool(part, filename, type, folder, entries.length, files.eachMaxBytes);
      // Awaited below with the others; a failure here must not go unheard until then.
      file.catch(() => {});
      entries.push({ name, file });
    });
    parsed = new Promise<void>((resolve, reject) => {
      parser!.once('finish', resolve);
      parser!.once('error', () => reject(new NotAForm()));
    });
    parsed.catch(() => {});
  }

  const filesWritten = () => Promise.allSettled(entries.map((entry) => ('file' in entry ? entry.file : undefined)));
  // Ending the parser ends a photo being written half way with an error, and its file with it.
  const endParser = () => {
    if (parser && !parser.writableEnded) parser.end();
  };
  if (request.body) {
    const reader = request.body.getReader();
    let received = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received += value.byteLength;
        if (!tooLarge && (received > maxBytes || textTooLarge)) {
          tooLarge = true;
          endParser();
        }
        if (tooLarge) {
          if (received > DRAIN_MAX_BYTES) {
            await reader.cancel();
            break;
          }
        } else {
          await write(parser!, value);
        }
      }
    } catch (error) {
      // The browser went away half way: close what was being written before giving up.
      endParser();
      await filesWritten();
      throw error;
    }
  }
  endParser();

  const form = new FormData();
  try {
    if (!tooLarge) await parsed;
    // Text over its limit may show only as the parser finishes.
    if (tooLarge || textTooLarge) {
      await filesWritten();
      return 'too-large';
    }
    for (const entry of entries) {
      if ('value' in entry) form.append(entry.name, entry.value);
      else form.append(entry.name, await entry.file);
    }
  } catch (error) {
    await filesWritten();
    if (error instanceof NotAForm) throw data('The form could not be read. Please send it again.', { status: 400 });
    throw error;
  }
  return form;
}

/** Hands the parser a chunk and waits while it is busy writing the files before; a parser that failed takes nothing more. */
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
