import sharp from 'sharp';
import { IMAGE_MAX_BYTES } from '../../app/lib/rules/limits';
import type { ApiProcess } from './api-process';

export type UploadResult = {
  clients: number;
  imageBytes: number;
  /** HTTP status → how many uploads got it; all 201 when the API coped. */
  statuses: Record<string, number>;
  seconds: number;
  rssBeforeMb: number;
  rssPeakMb: number;
};

const MB = 1024 * 1024;
const toMb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

/** Random noise barely compresses, so the JPEG is as heavy as a real phone photo of the same size. */
async function noiseJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 80 } } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

/** A real JPEG between 90% and 100% of the upload limit; any bigger and the API would rightly answer 413. */
export async function nearLimitJpeg(): Promise<Buffer> {
  let width = 1600;
  let height = 1200;
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const jpeg = await noiseJpeg(width, height);
    if (jpeg.length <= IMAGE_MAX_BYTES && jpeg.length >= IMAGE_MAX_BYTES * 0.9) return jpeg;
    const scale = Math.sqrt((IMAGE_MAX_BYTES * 0.96) / jpeg.length);
    width = Math.round(width * scale);
    height = Math.round(height * scale);
  }
  throw new Error('could not make a JPEG just under the upload limit');
}

async function signUp(url: string, n: number): Promise<string> {
  const response = await fetch(`${url}/auth/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench${n}@example.ng`, username: `bench${n}`, phone_number: '08031234567', password: 'bench-secret' }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { token: { access: string } };
  return body.token.access;
}

async function postShop(url: string, access: string, jpeg: Buffer, n: number): Promise<number> {
  const form = new FormData();
  form.append('name', `Bench Upload Shop ${n}`);
  form.append('address', '1 Marina Road, Lagos Island, Lagos');
  form.append('category', 'Electronics');
  form.append('description', 'Created by the API benchmark to measure memory during uploads.');
  form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
  const response = await fetch(`${url}/shops/`, { method: 'POST', headers: { authorization: `Bearer ${access}` }, body: form });
  await response.arrayBuffer();
  return response.status;
}

/**
 * `clients` owners each upload a shop with `jpeg` at the same moment, while the API's resident memory is
 * sampled every few milliseconds. The kernel's own peak (VmHWM) also counts when it rose during the
 * uploads, so a spike between two samples is not missed.
 */
export async function measureUploads(api: ApiProcess, jpeg: Buffer, clients: number): Promise<UploadResult> {
  const tokens: string[] = [];
  for (let n = 1; n <= clients; n += 1) tokens.push(await signUp(api.url, n));

  const before = api.memory();
  let peak = before.rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, api.memory().rss);
  }, 5);
  const started = performance.now();
  const results = await Promise.all(tokens.map((token, i) => postShop(api.url, token, jpeg, i + 1)));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const after = api.memory();
  peak = Math.max(peak, after.rss, after.peak > before.peak ? after.peak : 0);

  const statuses: Record<string, number> = {};
  for (const status of results) statuses[status] = (statuses[status] ?? 0) + 1;
  return {
    clients,
    imageBytes: jpeg.length,
    statuses,
    seconds: Math.round(seconds * 100) / 100,
    rssBeforeMb: toMb(before.rss),
    rssPeakMb: toMb(peak),
  };
}
