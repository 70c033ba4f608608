import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

let dataDir: string;
let readForm: typeof import('#app/lib/forms/read-form.server.ts');
let spool: typeof import('#app/lib/upload/spool.server.ts');

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-read-form-'));
  process.env.DATA_DIR = dataDir;
  readForm = await import('#app/lib/forms/read-form.server.ts');
  spool = await import('#app/lib/upload/spool.server.ts');
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

type FormLimits = import('#app/lib/forms/form-limits.ts').FormLimits;

/** Limits that leave room: `maxBytes` for the body, each photo and the texts alike. */
const within = (maxBytes: number): FormLimits => ({ maxBytes, fields: 16, textMaxBytes: maxBytes, files: { count: 4, eachMaxBytes: maxBytes } });

/** Reads the form inside the middleware that owns the request's upload folders, as an action does. */
async function readAsAction<T>(request: Request, limits: number | FormLimits, use: (form: FormData | 'too-large') => Promise<T> | T): Promise<T> {
  const context = new RouterContextProvider();
  let result: T | undefined;
  await spool.removeSpooledUploads({ request, context, params: {}, unstable_pattern: '/' } as never, async () => {
    result = await use(await readForm.readFormWithin({ request, context }, typeof limits === 'number' ? within(limits) : limits));
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

/** A one-photo form: its photo kept up to 10,000 bytes, 1,000 bytes of text, a body of `maxBytes`. */
const photoForm = (maxBytes: number): FormLimits => ({ maxBytes, fields: 1_000, textMaxBytes: 1_000, files: { count: 1, eachMaxBytes: 10_000 } });

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
    const seen = await readAsAction(await chunked(form), photoForm(1_000_000), async (read) => {
      if (!(read instanceof FormData)) throw new Error('expected a form');
      const image = read.get('image') as File;
      return {
        texts: [read.get('name'), read.get('description')],
        image: {
          oversized: image instanceof readForm.OversizedFile,
          name: image.name,
          type: image.type,
          size: image.size,
          bytes: (await image.arrayBuffer()).byteLength,
        },
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
    const size = await readAsAction(post(form), photoForm(1_000_000), async (read) => {
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
    const seen = await readAsAction(post(form), photoForm(1_000_000), (read) => {
      if (!(read instanceof FormData)) throw new Error('expected a form');
      return { images: read.getAll('image').map((image) => (image as File).name), name: read.get('name') };
    });
    expect(seen).toEqual({ images: ['first.jpg'], name: 'Mama Put' });
  });

  test('refuses a form whose texts are over their limit, whether in one field or in many', async () => {
    const long = new FormData();
    long.set('description', 'x'.repeat(5_000));
    expect(await readAsAction(post(long), photoForm(1_000_000), (form) => form)).toBe('too-large');
    const many = new FormData();
    for (let n = 0; n < 200; n++) many.append('tags', 'rice');
    expect(await readAsAction(await chunked(many, 100), photoForm(1_000_000), (form) => form)).toBe('too-large');
  });

  test('still refuses a body over its own limit, even when each photo in it was read past', async () => {
    const form = formWith(50_000);
    expect(await readAsAction(await chunked(form), photoForm(25_000), (read) => read)).toBe('too-large');
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

/** A raw multipart body with the boundary XYZ, as a client that is no browser may send it. */
function multipart(body: string | Buffer, contentType = 'multipart/form-data; boundary=XYZ') {
  return post(new Blob([typeof body === 'string' ? body : new Uint8Array(body)]).stream(), { 'content-type': contentType });
}

const PHOTO_HEAD = '--XYZ\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n';
const JPEG_START = new Uint8Array([0xff, 0xd8, 0xff]);
const concat = (...pieces: (string | Uint8Array)[]) => Buffer.concat(pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece)));

const expectUnreadable = (reading: Promise<unknown>) => expect(reading).rejects.toMatchObject({ init: { status: 400 } });

describe('a body that is no whole form', () => {
  // Each of these can end a process: an error event nobody hears, or a name that is not there.
  test('a multipart body cut short after a photo’s first bytes is a 400 with nothing of it on disk', async () => {
    const cutShort = [
      concat(PHOTO_HEAD, JPEG_START),
      concat('--XYZ\r\nContent-Disposition: form-data; name="image"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n', JPEG_START),
      concat('--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nMama', '--XYZ\r\nContent-Disposition: form-da'),
      concat('--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nMama Put\r\n', PHOTO_HEAD, new Uint8Array(50_000).fill(7)),
    ];
    for (const body of cutShort) await expectUnreadable(readAsAction(multipart(body), photoForm(1_000_000), (form) => form));
    expect(await uploadsOnDisk()).toEqual([]);
  });

  test('a body that breaks off half way (the visitor gone) is a 400, and the photo written so far is removed', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(concat(PHOTO_HEAD, new Uint8Array(64 * 1024).fill(7)));
      },
      pull(controller) {
        controller.error(new Error('aborted'));
      },
    });
    await expectUnreadable(readAsAction(post(stream, { 'content-type': 'multipart/form-data; boundary=XYZ' }), photoForm(1_000_000), (form) => form));
    expect(await uploadsOnDisk()).toEqual([]);
  });

  test('a part without a name, a bad boundary or no boundary is a 400', async () => {
    const nameless = '--XYZ\r\nContent-Disposition: form-data\r\n\r\nMama Put\r\n--XYZ--\r\n';
    await expectUnreadable(readAsAction(multipart(nameless), photoForm(1_000_000), (form) => form));
    const namelessFile = concat('--XYZ\r\nContent-Disposition: form-data; filename="a.jpg"\r\n\r\n', JPEG_START, '\r\n--XYZ--\r\n');
    await expectUnreadable(readAsAction(multipart(namelessFile), photoForm(1_000_000), (form) => form));
    const whole = concat(PHOTO_HEAD, JPEG_START, '\r\n--XYZ--\r\n');
    await expectUnreadable(readAsAction(multipart(whole, 'multipart/form-data; boundary=ABC'), photoForm(1_000_000), (form) => form));
    await expectUnreadable(readAsAction(multipart(whole, 'multipart/form-data'), photoForm(1_000_000), (form) => form));
    expect(await uploadsOnDisk()).toEqual([]);
  });
});

describe('a form’s limits, checked as it arrives', () => {
  const urlencoded = (body: string) => post(new Blob([body]).stream(), { 'content-type': 'application/x-www-form-urlencoded' });
  const twoFields: FormLimits = { maxBytes: 10_000, fields: 2, textMaxBytes: 10_000 };

  test('a form with more fields than its limit is too large, urlencoded or multipart, in one piece or many', async () => {
    expect(await readAsAction(urlencoded('a=1&b=2'), twoFields, (form) => form instanceof FormData && [...form.keys()])).toEqual(['a', 'b']);
    expect(await readAsAction(urlencoded('a=1&b=2&c=3'), twoFields, (form) => form)).toBe('too-large');
    expect(await readAsAction(urlencoded('a=1&b=2&c'), twoFields, (form) => form)).toBe('too-large');
    const many = new FormData();
    for (const name of ['a', 'b', 'c']) many.append(name, '1');
    expect(await readAsAction(post(many), twoFields, (form) => form)).toBe('too-large');
    expect(await readAsAction(await chunked(many, 7), twoFields, (form) => form)).toBe('too-large');
  });

  test('a field name longer than any form uses is a 400, urlencoded or multipart', async () => {
    const long = 'x'.repeat(101);
    await expectUnreadable(readAsAction(urlencoded(`${long}=1`), twoFields, (form) => form));
    const form = new FormData();
    form.set(long, '1');
    await expectUnreadable(readAsAction(post(form), twoFields, (read) => read));
    expect(await readAsAction(urlencoded(`${'x'.repeat(100)}=1`), twoFields, (read) => read instanceof FormData)).toBe(true);
  });

  test('parts past the form’s fields and photos are too large, even parts a browser never sends', async () => {
    const junk = `${'--XYZ\r\nContent-Disposition: attachment\r\n\r\nx\r\n'.repeat(5)}--XYZ--\r\n`;
    expect(await readAsAction(multipart(junk), { ...twoFields, files: { count: 1, eachMaxBytes: 10 } }, (form) => form)).toBe('too-large');
  });

  test('a form without photos keeps none of the files sent with it', async () => {
    const form = formWith(100);
    const seen = await readAsAction(post(form), { maxBytes: 10_000, fields: 2, textMaxBytes: 10_000 }, (read) => read instanceof FormData && [...read.keys()]);
    expect(seen).toEqual(['name']);
    expect(await uploadsOnDisk()).toEqual([]);
  });

  test('a body said to be larger than is worth reading to drop it is not read at all', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const request = post(endless, { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(300 * 1024 * 1024) });
    expect(await readAsAction(request, twoFields, (form) => form)).toBe('too-large');
    expect(pulled).toBeLessThanOrEqual(1);
  });

  test('a short form over its limit is a 413, read no further than it is worth', async () => {
    const huge = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode(`password=${'x'.repeat(1024 * 1024)}`));
        controller.close();
      },
    });
    const request = post(huge, { 'content-type': 'application/x-www-form-urlencoded' });
    await expect(readForm.readForm({ request, context: new RouterContextProvider() })).rejects.toMatchObject({ init: { status: 413 } });
  });
});
