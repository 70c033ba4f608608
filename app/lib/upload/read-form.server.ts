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
 */
async function spool(part: NodeJS.ReadableStream, filename: string, type: string, at: () => Promise<string>, n: number): Promise<File> {
  if (!filename) {
    part.resume();
    return new File([], '', { type: 'application/octet-stream' });
  }
  const file = path.join(await at(), String(n));
  await pipeline(part, createWriteStream(file));
  // A File made from a Blob that reads a file on disk refers to it rather than copying it.
  return new File([await openAsBlob(file)], filename, { type });
}

/**
 * A posted form, read as it arrives with its files written to disk (DATA_DIR/tmp/uploads, removed when
 * the request is answered) rather than held in memory: ten owners sending ten phone photos each held
 * a gigabyte in the web tier when forms were read whole. A body declared or found to be larger than
 * `maxBytes` is read to its end and thrown away, so the browser, still sending, gets our page rather
 * than a reset connection; the answer is then 'too-large'. A body that is not a readable form is a 400:
 * no browser sends one.
 */
export async function readFormWithin(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  maxBytes: number,
): Promise<FormData | 'too-large'> {
  let tooLarge = Number(request.headers.get('content-length') ?? 0) > maxBytes;
  const entries: Entry[] = [];
  const folder = spoolFolder(context);
  let parser: InstanceType<typeof Busboy> | undefined;
  let parsed: Promise<void> = Promise.resolve();
  if (!tooLarge) {
    try {
      parser = new Busboy({ headers: { 'content-type': request.headers.get('content-type') ?? '' }, limits: { fieldSize: maxBytes } });
    } catch {
      throw data('The form could not be read. Please send it again.', { status: 400 });
    }
    parser.on('field', (name, value) => entries.push({ name, value }));
    parser.on('file', (name, part, filename, _encoding, type) => {
      const file = spool(part, filename, type, folder, entries.length);
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
        if (!tooLarge && received > maxBytes) {
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
  if (tooLarge) {
    await filesWritten();
    return 'too-large';
  }
  endParser();

  const form = new FormData();
  try {
    await parsed;
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
