import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

let dataDir: string;
let readForm: typeof import('../../../app/lib/upload/read-form.server');
let spool: typeof import('../../../app/lib/upload/spool.server');

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-read-form-'));
  process.env.DATA_DIR = dataDir;
  readForm = await import('../../../app/lib/upload/read-form.server');
  spool = await import('../../../app/lib/upload/spool.server');
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function post(body: FormData | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  return new Request('http://kasuwa.test/createShop', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
}

function formWith(bytes: number) {
  const form = new FormData();
  form.set('name', 'Mama Put');
  form.set('image', new File([new Uint8Array(bytes).fill(7)], 'front.jpg', { type: 'image/jpeg' }));
  return form;
}

type FileLimits = import('../../../app/lib/upload/read-form.server').FileLimits;

/** Reads the form inside the middleware that owns the request's upload folders, as an action does. */
async function readAsAction<T>(
  request: Request,
  limits: number | { maxBytes: number; files: FileLimits },
  use: (form: FormData | 'too-large') => Promise<T> | T,
): Promise<T> {
  const context = new RouterContextProvider();
  const { maxBytes, files } = typeof limits === 'number' ? { maxBytes: limits, files: undefined } : limits;
  let result: T | undefined;
  await spool.removeSpooledUploads({ request, context, params: {}, unstable_pattern: '/' } as never, async () => {
    result = await use(await readForm.readFormWithin({ request, context }, maxBytes, files));
    return new Response(null, { status: 204 });
  });
  return result as T;
}

const uploadsOnDisk = async () => (existsSync(spool.uploadsFolder()) ? readdir(spool.uploadsFolder()) : []);

/** Every file written for requests still being answered, with its size. */
async function bytesOnDisk(): Promise<number[]> {
  const sizes: number[] = [];
  for (const folder of await uploadsOnDisk()) {
    const inside = path.join(spool.uploadsFolder(), folder);
    for (const name of await readdir(inside)) sizes.push((await stat(path.join(inside, name))).size);
  }
  return sizes;
}

/** A body that arrives in pieces without saying its length, as a phone's upload may. */
async function chunked(form: FormData, pieceBytes = 64 * 1024): Promise<Request> {
  const whole = new Uint8Array(await new Response(form).arrayBuffer());
  const boundary = new TextDecoder().decode(whole.subarray(2, whole.indexOf(13)));
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= whole.length) return controller.close();
      controller.enqueue(whole.slice(sent, sent + pieceBytes));
      sent += pieceBytes;
    },
  });
  return post(stream, { 'content-type': `multipart/form-data; boundary=${boundary}` });
}

const photoForm = { count: 1, eachMaxBytes: 10_000, textMaxBytes: 1_000 };

describe('reading a form with a size limit', () => {
  test('gives the fields and the file of a form within the limit, the file read from disk until the answer is ready', async () => {
    const seen = await readAsAction(post(formWith(1000)), 10_000, async (form) => {
      if (!(form instanceof FormData)) throw new Error('expected a form');
      const image = form.get('image') as File;
      return { name: form.get('name'), image: image.name, type: image.type, bytes: new Uint8Array(await image.arrayBuffer()), folders: await uploadsOnDisk() };
    });
    expect(seen.name).toBe('Mama Put');
    expect(seen.image).toBe('front.jpg');
    expect(seen.type).toBe('image/jpeg');
    expect(seen.bytes).toEqual(new Uint8Array(1000).fill(7));
    expect(seen.folders).toHaveLength(1);
    expect(await uploadsOnDisk()).toEqual([]);
  });

  test('keeps an untouched file input as the empty file a browser sends, and repeated names in order', async () => {
    const form = new FormData();
    form.append('tags', 'rice');
    form.append('image', new File([], '', { type: 'application/octet-stream' }));
    form.append('tags', 'beans');
    const seen = await readAsAction(post(form), 10_000, (read) => {
      if (!(read instanceof FormData)) throw new Error('expected a form');
      const image = read.get('image') as File;
      return { tags: read.getAll('tags'), image: [image.name, image.size] };
    });
    expect(seen).toEqual({ tags: ['rice', 'beans'], image: ['', 0] });
  });

  test('refuses a body that says it is too large, reading it to its end', async () => {
    const request = post(formWith(20_000));
    expect(await readAsAction(request, 10_000, (form) => form)).toBe('too-large');
    expect(request.bodyUsed).toBe(true);
  });

  test('refuses a body that turns out too large without saying so (chunked), and keeps none of it', async () => {
    const whole = new Uint8Array(await new Response(formWith(50_000)).arrayBuffer());
    const boundary = new TextDecoder().decode(whole.subarray(2, whole.indexOf(13)));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= whole.length) return controller.close();
        controller.enqueue(whole.slice(sent, sent + 10_000));
        sent += 10_000;
      },
    });
    const request = post(stream, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(await readAsAction(request, 25_000, (form) => form)).toBe('too-large');
    expect(sent).toBeGreaterThanOrEqual(whole.length);
    expect(await uploadsOnDisk()).toEqual([]);
  });

  test('reads past a photo over its limit: the texts around it arrive, the photo as its name, type and size only, none of it kept past the limit', async () => {
    const form = new FormData();
    form.set('name', 'Mama Put');
    form.set('image', new File([new Uint8Array(300_000).fill(7)], 'IMG_2041.JPG', { type: 'image/jpeg' }));
    form.set('description', 'Rice and stew');
    const seen = await readAsAction(await chunked(form), { maxBytes: 1_000_000, files: photoForm }, async (read) => {
      if (!(read instanceof FormData)) throw new Error('expected a form');
      const image = read.get('image') as File;
      return {
        texts: [read.get('name'), read.get('description')],
        image: { oversized: image instanceof readForm.OversizedFile, name: image.name, type: image.type, size: image.size, bytes: (await image.arrayBuffer()).byteLength },
        onDisk: await bytesOnDisk(),
      };
    });
    expect(seen.texts).toEqual(['Mama Put', 'Rice and stew']);
    expect(seen.image).toEqual({ oversized: true, name: 'IMG_2041.JPG', type: 'image/jpeg', size: 300_000, bytes: 0 });
    expect(Math.max(...seen.onDisk)).toBeLessThanOrEqual(10_000);
    expect(await uploadsOnDisk()).toEqual([]);
  });

  test('keeps a photo exactly at its limit whole', async () => {
    const form = new FormData();
    form.set('image', new File([new Uint8Array(10_000).fill(3)], 'edge.png', { type: 'image/png' }));
    const size = await readAsAction(post(form), { maxBytes: 1_000_000, files: photoForm }, async (read) => {
      if (!(read instanceof FormData)) throw new Error('expected a form');
      const image = read.get('image') as File;
      return [image instanceof readForm.OversizedFile, (await image.arrayBuffer()).byteLength];
    });
    expect(size).toEqual([false, 10_000]);
  });

  test('keeps only as many files as the form has photos', async () => {
    const form = new FormData();
    form.append('image', new File([new Uint8Array(10)], 'first.jpg', { type: 'image/jpeg' }));
    form.append('image', new File([new Uint8Array(10)], 'second.jpg', { type: 'image/jpeg' }));
    form.set('name', 'Mama Put');
    const seen = await readAsAction(post(form), { maxBytes: 1_000_000, files: photoForm }, (read) => {
      if (!(read instanceof FormData)) throw new Error('expected a form');
      return { images: read.getAll('image').map((image) => (image as File).name), name: read.get('name') };
    });
    expect(seen).toEqual({ images: ['first.jpg'], name: 'Mama Put' });
  });

  test('refuses a form whose texts are over their limit, whether in one field or in many', async () => {
    const long = new FormData();
    long.set('description', 'x'.repeat(5_000));
    expect(await readAsAction(post(long), { maxBytes: 1_000_000, files: photoForm }, (form) => form)).toBe('too-large');
    const many = new FormData();
    for (let n = 0; n < 200; n++) many.append('tags', 'rice');
    expect(await readAsAction(await chunked(many, 100), { maxBytes: 1_000_000, files: photoForm }, (form) => form)).toBe('too-large');
  });

  test('still refuses a body over its own limit, even when each photo in it was read past', async () => {
    const form = formWith(50_000);
    expect(await readAsAction(await chunked(form), { maxBytes: 25_000, files: photoForm }, (read) => read)).toBe('too-large');
    expect(await uploadsOnDisk()).toEqual([]);
  });

  test('answers 400 to a body that is not a form', async () => {
    const stream = new Blob(['not a form']).stream();
    await expect(readAsAction(post(stream, { 'content-type': 'multipart/form-data; boundary=x' }), 10_000, (form) => form)).rejects.toMatchObject({
      init: { status: 400 },
    });
    await expect(readAsAction(post(new Blob(['x']).stream(), { 'content-type': 'application/pdf' }), 10_000, (form) => form)).rejects.toMatchObject({
      init: { status: 400 },
    });
  });

  test('a start removes upload folders older than an hour and keeps newer ones', async () => {
    const old = path.join(spool.uploadsFolder(), 'form-old');
    const recent = path.join(spool.uploadsFolder(), 'form-recent');
    await mkdir(old, { recursive: true });
    await mkdir(recent, { recursive: true });
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    await utimes(old, twoHoursAgo, twoHoursAgo);
    await spool.removeStaleUploads();
    expect(await uploadsOnDisk()).toEqual(['form-recent']);
    await rm(recent, { recursive: true });
  });
});
