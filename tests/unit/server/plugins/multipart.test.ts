import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { ApiError } from '#server/errors.ts';
import type { FilePart } from '#server/media/file-part.ts';
import { multipart, readMultipart, sweepSpooledUploads } from '#server/plugins/multipart.ts';
import { noisyJpeg } from '#tests/fixtures/images.ts';
import { tinyApp } from '#tests/support/tiny-app.ts';

let app: FastifyInstance;
/** What each request handed to `onFile` (with its bytes, read while it was handled), and what `onAbort` was asked to clean up. */
let seen: { files: (FilePart & { data: Buffer })[]; aborted: string[][] };
/** Set by a test to make `onFile` fail for a file of that name. */
let failOnFile: string | undefined;

let spoolDir: string;

beforeEach(async () => {
  seen = { files: [], aborted: [] };
  failOnFile = undefined;
  spoolDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-spool-'));
  app = tinyApp();
  await app.register(multipart, { spoolDir });
  app.post('/upload', async (request) => {
    const { fields, files } = await readMultipart(
      request,
      async (file) => {
        if (file.filename === failOnFile) throw new ApiError(400, { image: ['not this one'] });
        seen.files.push({ ...file, data: await file.read() });
        return file.filename;
      },
      async (completed) => {
        seen.aborted.push(completed);
      },
    );
    return { fields, files };
  });
  await app.ready();
});

afterEach(async () => {
  await app.close();
  await rm(spoolDir, { recursive: true, force: true });
});

function form(entries: [string, string | { filename: string; data: Buffer; type?: string }][]): FormData {
  const body = new FormData();
  for (const [name, value] of entries) {
    if (typeof value === 'string') body.append(name, value);
    else body.append(name, new Blob([new Uint8Array(value.data)], { type: value.type ?? 'image/jpeg' }), value.filename);
  }
  return body;
}

const upload = (payload: FormData | string | Readable, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/upload', payload, headers });

describe('reading a multipart form', () => {
  it('hands over each file with its field, name, type and bytes, in order, with the text fields', async () => {
    const response = await upload(
      form([
        ['name', 'Mama Nkechi Kitchen'],
        ['image', { filename: 'front.jpg', data: Buffer.from('first') }],
        ['images', { filename: 'b.png', data: Buffer.from('second'), type: 'image/png' }],
      ]),
    );

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      fields: { name: 'Mama Nkechi Kitchen' },
      files: [
        { field: 'image', result: 'front.jpg' },
        { field: 'images', result: 'b.png' },
      ],
    });
    expect(seen.files.map((file) => [file.mimetype, file.data.toString()])).toEqual([
      ['image/jpeg', 'first'],
      ['image/png', 'second'],
    ]);
  });

  it('keeps no file on disk once the request is done, whether it was handled or refused', async () => {
    await upload(form([['image', { filename: 'front.jpg', data: Buffer.from('first') }]]));
    failOnFile = 'bad.jpg';
    const refused = await upload(
      form([
        ['image', { filename: 'ok.jpg', data: Buffer.from('a') }],
        ['image', { filename: 'bad.jpg', data: Buffer.from('b') }],
      ]),
    );
    const tooBig = await upload(form([['image', { filename: 'big.jpg', data: Buffer.alloc(IMAGE_MAX_BYTES + 1) }]]));

    expect([refused.statusCode, tooBig.statusCode]).toEqual([400, 413]);
    expect(await readdir(spoolDir)).toEqual([]);
  });

  it('keeps the last value of a repeated text field', async () => {
    const response = await upload(
      form([
        ['name', 'Old name'],
        ['name', 'New name'],
      ]),
    );

    expect(response.json().fields).toEqual({ name: 'New name' });
  });

  it('skips a file input the user left untouched', async () => {
    const response = await upload(
      form([
        ['name', 'Shop'],
        ['image', { filename: '', data: Buffer.alloc(0), type: 'application/octet-stream' }],
      ]),
    );

    expect(response.json()).toEqual({ fields: { name: 'Shop' }, files: [] });
  });

  it('still hands over an empty file that has a name, for the image rules to refuse', async () => {
    const response = await upload(form([['image', { filename: 'empty.jpg', data: Buffer.alloc(0) }]]));

    expect(response.json().files).toEqual([{ field: 'image', result: 'empty.jpg' }]);
  });
});

describe('refusing a file over 5 MB', () => {
  it('answers 413 in the contract shape while the upload is still streaming', async () => {
    const photo = await noisyJpeg({ width: 1800, height: 1300 });
    expect(photo.length).toBeGreaterThan(6 * 1024 * 1024);
    const boundary = 'kasuwa-boundary';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
    // Sent in network-sized pieces as the server asks for them, and never ended: only a server that
    // refuses while the upload streams can answer at all.
    let sent = 0;
    const endless = new Readable({
      read() {
        if (sent >= photo.length) return;
        const piece = photo.subarray(sent, (sent += 64 * 1024));
        setImmediate(() => this.push(piece));
      },
    });
    endless.push(head);

    const response = await upload(endless, { 'content-type': `multipart/form-data; boundary=${boundary}` });

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: MSG.uploadTooLargeShort, status: 413 });
    expect(seen.files).toEqual([]);
    expect(sent).toBeLessThan(photo.length);
    endless.destroy();
  });

  it('accepts a file of exactly 5 MB', async () => {
    const response = await upload(form([['image', { filename: 'edge.jpg', data: Buffer.alloc(IMAGE_MAX_BYTES, 1) }]]));

    expect(response.statusCode).toBe(200);
    expect(seen.files[0]!.data.length).toBe(IMAGE_MAX_BYTES);
  });

  it('gives the files already handled to the cleanup when a later file is too big', async () => {
    const response = await upload(
      form([
        ['images', { filename: 'a.jpg', data: Buffer.from('fine') }],
        ['images', { filename: 'b.jpg', data: Buffer.from('fine too') }],
        ['images', { filename: 'big.jpg', data: Buffer.alloc(IMAGE_MAX_BYTES + 1) }],
      ]),
    );

    expect(response.statusCode).toBe(413);
    expect(seen.aborted).toEqual([['a.jpg', 'b.jpg']]);
  });
});

describe('cleaning up after a failure', () => {
  it('passes an error from the file handler on unchanged, after giving the earlier files to the cleanup', async () => {
    failOnFile = 'bad.jpg';
    const response = await upload(
      form([
        ['images', { filename: 'good.jpg', data: Buffer.from('ok') }],
        ['images', { filename: 'bad.jpg', data: Buffer.from('no') }],
      ]),
    );

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ image: ['not this one'] });
    expect(seen.aborted).toEqual([['good.jpg']]);
  });

  it('has nothing to clean up when the first file fails', async () => {
    failOnFile = 'bad.jpg';
    await upload(form([['image', { filename: 'bad.jpg', data: Buffer.from('no') }]]));

    expect(seen.aborted).toEqual([]);
  });
});

describe('refusing bodies that are not a sound form', () => {
  it('answers 415 for a JSON body', async () => {
    const response = await upload(JSON.stringify({ name: 'Shop' }), { 'content-type': 'application/json; charset=utf-8' });

    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: 'Unsupported media type "application/json" in request.' });
  });

  it('answers 400 for a form cut off in the middle of a file', async () => {
    const response = await upload('--b\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nhalf a fi', {
      'content-type': 'multipart/form-data; boundary=b',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/^Multipart form parse error/);
  });

  it('answers 400 for a multipart type without a boundary', async () => {
    const response = await upload('name=x', { 'content-type': 'multipart/form-data' });

    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/boundary/i);
  });

  it('answers 400 for more than 21 files, after cleaning up the ones handled', async () => {
    const files = Array.from({ length: 22 }, (_, i): [string, { filename: string; data: Buffer }] => [
      'images',
      { filename: `${i}.jpg`, data: Buffer.from('x') },
    ]);

    const response = await upload(form(files));

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Too many files in one request (at most 21).' });
    expect(seen.aborted[0]).toHaveLength(21);
  });

  it('answers 400 for more than 100 fields', async () => {
    const fields = Array.from({ length: 101 }, (_, i): [string, string] => [`field${i}`, 'x']);

    const response = await upload(form(fields));

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Too many fields in one request (at most 100).' });
  });

  it('answers 400 for a text field over 64 KB', async () => {
    const response = await upload(form([['description', 'x'.repeat(64 * 1024 + 1)]]));

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'The field "description" is too long (at most 64 KB).' });
  });
});

describe('uploads left behind by a killed process', () => {
  it('are removed at the next start, and files written since it started are kept', async () => {
    const startedAt = new Date();
    const old = path.join(spoolDir, 'old.part');
    const recent = path.join(spoolDir, 'recent.part');
    await writeFile(old, 'x');
    await writeFile(recent, 'y');
    await utimes(old, new Date(startedAt.getTime() - 60_000), new Date(startedAt.getTime() - 60_000));
    await utimes(recent, new Date(startedAt.getTime() + 1000), new Date(startedAt.getTime() + 1000));

    expect(await sweepSpooledUploads(spoolDir, startedAt)).toBe(1);
    expect(await readdir(spoolDir)).toEqual(['recent.part']);
  });
});
