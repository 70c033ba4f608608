import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES, PRODUCTS_PER_BATCH_MAX } from '#rules/limits.ts';
import { ApiError, detailError, fileTooLarge } from '#server/errors.ts';
import type { FilePart } from '#server/media/file-part.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files wait, each only while `onFile` handles it (see readMultipart). */
    uploadSpool: string;
  }
  interface FastifySchema {
    /** A multipart route's fields, for /openapi.json only (see `multipartForm`). */
    multipartForm?: z.ZodObject;
  }
}

/** One photo as a form sends it. */
export const imageFile = () => z.file().describe(`A photo (${IMAGE_EXTENSIONS.join(', ')}), at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB`);

/**
 * A multipart route's schema options. Its fields are documented, not given to Fastify as the body schema:
 * Fastify would check the body before the handler runs, while the handler reads it only then, part by
 * part as it streams (readMultipart), and checks it itself.
 */
export const multipartForm = (fields: z.ZodObject) => ({ consumes: ['multipart/form-data'], multipartForm: fields });

/** For @fastify/swagger's `transform`: a multipart route's fields become its documented request body. */
export function withMultipartForm<T extends { schema: FastifySchema }>(route: T): T {
  const { multipartForm: fields, ...schema } = route.schema ?? {};
  return fields ? { ...route, schema: { ...schema, body: fields } } : route;
}

const FIELD_MAX_BYTES = 64 * 1024;
const LIMITS = {
  fileSize: IMAGE_MAX_BYTES,
  // A full product batch plus one spare, so a batch with one image too many gets the helpful
  // "one image per product" message from the route rather than a bare limit error from here.
  files: PRODUCTS_PER_BATCH_MAX + 1,
  fields: 100,
  fieldSize: FIELD_MAX_BYTES,
  // Fields and files together, with room for the `products[0][name]` form of a full batch.
  parts: 130,
};

/** The multipart parser with our limits; routes read bodies with `readMultipart`. `spoolDir`: where files wait (a temporary folder by default). */
export const multipart = fp<{ spoolDir?: string }>(
  async (app, options) => {
    app.decorate('uploadSpool', options.spoolDir ?? path.join(os.tmpdir(), 'kasuwa-api-uploads'));
    await app.register(fastifyMultipart, { limits: LIMITS });
  },
  { name: 'multipart' },
);

const LIMIT_MESSAGES: Record<string, string> = {
  FST_FILES_LIMIT: `Too many files in one request (at most ${LIMITS.files}).`,
  FST_FIELDS_LIMIT: `Too many fields in one request (at most ${LIMITS.fields}).`,
  FST_PARTS_LIMIT: `Too many parts in one request (at most ${LIMITS.parts}).`,
  FST_PROTO_VIOLATION: 'A field name in the form is not allowed.',
  FST_INVALID_JSON_FIELD_ERROR: 'A form field declared as JSON is not valid JSON.',
};

/** Anything the parser throws comes from the client's bytes: a 400 that says what was wrong, never a 500. */
function malformed(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  const reason = error instanceof Error ? error.message : String(error);
  return detailError(400, LIMIT_MESSAGES[code] ?? `Multipart form parse error - ${reason}`);
}

/** Writes one file part to `folder`, failing with a 413 the moment it crosses the size limit rather than at its end. */
async function spoolFile(file: MultipartFile['file'], folder: string): Promise<{ path: string; size: number }> {
  const refuse = () => file.destroy(fileTooLarge());
  // busboy parses a whole network chunk at once, so a big chunk may have crossed the limit already.
  if (file.truncated) refuse();
  else file.once('limit', refuse);
  await mkdir(folder, { recursive: true });
  const target = path.join(folder, `${randomUUID()}.part`);
  try {
    await pipeline(file, createWriteStream(target));
    return { path: target, size: (await stat(target)).size };
  } catch (error) {
    await rm(target, { force: true });
    throw malformed(error);
  }
}

/**
 * Removes uploads a killed process left waiting in `folder`. Only files written before `before` (this
 * process's start): another API process sharing the folder may be writing newer ones.
 */
export async function sweepSpooledUploads(folder: string, before: Date): Promise<number> {
  const names = await readdir(folder).catch(() => []);
  let removed = 0;
  for (const name of names) {
    const file = path.join(folder, name);
    const modified = await stat(file).then(
      (stats) => stats.mtimeMs,
      () => Infinity,
    );
    if (modified < before.getTime()) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

function mediaTypeOf(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim();
}

/**
 * Reads a multipart/form-data body part by part, in order. Each file is written to disk while it streams
 * and handed to `onFile` at once, before the next part is read; its file is removed when `onFile` is done.
 *
 * - A file over IMAGE_MAX_BYTES throws `fileTooLarge()` (413) as soon as it crosses the limit.
 * - A file part with an empty filename and no bytes is skipped: it is what a browser sends for a file
 *   input left untouched, and means "no new file".
 * - A repeated text field keeps its last value, as Django's `request.data[name]` does for the older client.
 * - Not multipart: 415. Malformed body, too many files, fields or parts, an over-long field: 400.
 *
 * Cleanup: if anything throws after `onFile` has succeeded for some files (a later file too large, a
 * malformed tail, `onFile` itself failing), `onAbort` receives those results before the original error
 * is rethrown unchanged, so the caller can remove what `onFile` stored. A failure of `onAbort` itself is
 * logged and does not hide the original error. After a successful return, the results are the caller's.
 */
export async function readMultipart<T>(
  request: FastifyRequest,
  onFile: (file: FilePart) => Promise<T>,
  onAbort?: (completed: T[]) => Promise<void>,
): Promise<{ fields: Record<string, string>; files: { field: string; result: T }[] }> {
  if (!request.isMultipart()) {
    throw detailError(415, `Unsupported media type "${mediaTypeOf(request)}" in request.`);
  }
  const fields: Record<string, string> = {};
  const files: { field: string; result: T }[] = [];
  const parts = request.parts();
  try {
    for (;;) {
      const next = await parts.next().catch((error: unknown) => {
        throw malformed(error);
      });
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') {
        if (part.valueTruncated) {
          throw detailError(400, `The field "${part.fieldname}" is too long (at most ${FIELD_MAX_BYTES / 1024} KB).`);
        }
        // The parser turns a field sent with an application/json type into an object; keep the text.
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        continue;
      }
      const spooled = await spoolFile(part.file, request.server.uploadSpool);
      try {
        // Some clients leave the filename out entirely rather than send it empty.
        const filename = part.filename ?? '';
        if (filename === '' && spooled.size === 0) continue;
        const file: FilePart = { field: part.fieldname, filename, mimetype: part.mimetype, size: spooled.size, read: () => readFile(spooled.path) };
        files.push({ field: part.fieldname, result: await onFile(file) });
      } finally {
        await rm(spooled.path, { force: true });
      }
    }
  } catch (error) {
    if (onAbort && files.length > 0) {
      await onAbort(files.map((file) => file.result)).catch((cleanupError: unknown) => {
        request.log.error({ err: cleanupError }, 'could not clean up after a failed upload');
      });
    }
    throw error;
  }
  return { fields, files };
}
