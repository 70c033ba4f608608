import http from 'node:http';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './support/harness';
import { multipart, signUp } from './support/requests';
import { SHOP_FIELDS } from './support/shops';

/**
 * Over a real socket, not `inject`: what goes wrong is the connection itself, when the API answers while
 * the client is still sending its body.
 */
let api: TestApi;
let token: string;
let bigPhotoForm: { payload: Buffer; headers: Record<string, string> };
const TOO_LARGE = { detail: 'The uploaded file is too large.', status: 413 };

/** Bytes that start like a JPEG: the API refuses by size while streaming, before it looks at the content. */
function photoOf(bytes: number): Buffer {
  const photo = Buffer.alloc(bytes, 0xab);
  photo.set([0xff, 0xd8, 0xff], 0);
  return photo;
}

beforeAll(async () => {
  api = await startTestApi({ listen: true });
  token = (await signUp(api.app)).access;
  bigPhotoForm = await multipart(SHOP_FIELDS, [{ field: 'image', filename: 'big.jpg', type: 'image/jpeg', data: photoOf(5.6 * 1024 * 1024) }]);
});
afterAll(() => api.close());

function postWithNodeHttp(form: { payload: Buffer; headers: Record<string, string> }): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(`${api.url}/shops/`, {
      method: 'POST',
      headers: { ...form.headers, authorization: `Bearer ${token}`, 'content-length': String(form.payload.length) },
      agent: false,
      signal: AbortSignal.timeout(10_000),
    });
    outgoing.on('error', reject);
    outgoing.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
      response.on('error', reject);
    });
    outgoing.end(form.payload);
  });
}

async function postWithUndici(dispatcher: Agent, form: { payload: Buffer; headers: Record<string, string> }) {
  const response = await request(`${api.url}/shops/`, {
    method: 'POST',
    body: form.payload,
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    dispatcher,
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.statusCode, body: await response.body.text() };
}

describe('an answer sent before the whole body has arrived', () => {
  it('a 5.6 MB photo sent at full speed through a keep-alive pool gets the 413 body every time', async () => {
    const dispatcher = new Agent();
    try {
      for (let i = 0; i < 6; i++) {
        const answer = await postWithUndici(dispatcher, bigPhotoForm);
        expect(answer.status).toBe(413);
        expect(JSON.parse(answer.body)).toEqual(TOO_LARGE);
      }
    } finally {
      await dispatcher.close();
    }
  });

  it('a 5.6 MB photo sent at full speed on a connection of its own gets the 413 body every time', async () => {
    for (let i = 0; i < 6; i++) {
      const answer = await postWithNodeHttp(bigPhotoForm);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual(TOO_LARGE);
    }
  });

  it('a form refused half-way leaves its connection able to serve the next request', async () => {
    // A text field over the 64 KB limit is refused as soon as it is read; the photo after it is still coming.
    const form = await multipart({ ...SHOP_FIELDS, description: 'x'.repeat(70 * 1024) }, [
      { field: 'image', filename: 'shop.jpg', type: 'image/jpeg', data: photoOf(600 * 1024) },
    ]);
    const dispatcher = new Agent({ connections: 1 });
    try {
      const refused = await postWithUndici(dispatcher, form);
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body)).toEqual({ detail: 'The field "description" is too long (at most 64 KB).' });
      const next = await request(`${api.url}/healthz`, { dispatcher, signal: AbortSignal.timeout(10_000) });
      expect(next.statusCode).toBe(200);
      await next.body.dump();
    } finally {
      await dispatcher.close();
    }
  });
});
