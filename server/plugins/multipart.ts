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

export const imageFile = () => z.file().describe(`A photo (${IMAGE_EXTENSIONS.join(', ')}), at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB`);

/** Fields documented only: a Fastify body schema would be checked before the streamed body is read. */
export const multipartForm = (fields: z.ZodObject) => ({ consumes: ['multipart/form-data'], multipartForm: fields });

/** For @fastify/swagger's `transform`: a multipart route's fields become its documented request body. */
export function withMultipartForm<T extends { schema: FastifySchema }>(route: T): T {
  const { multipartForm: fields, ...schema } = route.schema ?? {};
  return fields ? { ...route, schema: { ...schema, body: fields } } : route;
}

const FIELD_MAX_BYTES = 64 * 1024;
const LIMITS = {
  fileSize: IMAGE_MAX_BYTES,
  // One spare, so a batch with an image too many gets the route's "one image per product" message.
  files: PRODUCTS_PER_BATCH_MAX + 1,
  fields: 100,
  fieldSize: FIELD_MAX_BYTES,
  // Room for the `products[0][name]` form of a full batch.
  parts: 130,
};

/** The multipart parser with our limits; routes read bodies with `readMultipart`. */
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

/** Fails with a 413 the moment the file crosses the size limit rather than at its end. */
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

/** Removes uploads a killed process left; only older than `before`: another process may be writing newer ones. */
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
 * Reads a multipart body in order, each file spooled to disk and handed to `onFile` before the next part.
 * An empty file with no name is an untouched file input and skipped; a repeated field keeps its last value in
 * `fields`, as the older client's server did, and every value in `lists`. On a failure, `onAbort` gets what `onFile` stored, to remove it.
 */
export async function readMultipart<T>(
  request: FastifyRequest,
  onFile: (file: FilePart) => Promise<T>,
  onAbort?: (completed: T[]) => Promise<void>,
): Promise<{ fields: Record<string, string>; lists: Record<string, string[]>; files: { field: string; result: T }[] }> {
  if (!request.isMultipart()) {
    throw detailError(415, `Unsupported media type "${mediaTypeOf(request)}" in request.`);
  }
  const fields: Record<string, string> = {};
  const lists: Record<string, string[]> = {};
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
        (lists[part.fieldname] ??= []).push(fields[part.fieldname]!);
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
  return { fields, lists, files };
}
