import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noisyJpeg } from '../fixtures/images';
import { startTestApi, type TestApi } from './support/harness';
import { multipart, signUp } from './support/requests';
import { SHOP_FIELDS } from './support/shops';

let api: TestApi;
let token: string;
let body: { payload: Buffer; headers: Record<string, string> };

beforeAll(async () => {
  api = await startTestApi({ listen: true });
  token = (await signUp(api.app)).access;
  let photo = await noisyJpeg({ width: 1800, height: 1400 });
  while (photo.length < 5.6 * 1024 * 1024) photo = Buffer.concat([photo, photo]);
  body = await multipart(SHOP_FIELDS, [{ field: 'image', filename: 'big.jpg', type: 'image/jpeg', data: photo.subarray(0, 5.6 * 1024 * 1024) }]);
});
afterAll(() => api.close());

function post(): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${api.url}/shops/`, {
      method: 'POST',
      headers: { ...body.headers, authorization: `Bearer ${token}`, 'content-length': String(body.payload.length) },
      agent: false,
    });
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, text }));
      response.on('error', reject);
    });
    request.end(body.payload);
  });
}

describe('a photo over 5 MB sent straight to the API at full speed', () => {
  it('gets the 413 answer every time, never a reset connection', async () => {
    for (let i = 0; i < 20; i++) {
      const answer = await post();
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.text)).toEqual({ detail: 'The uploaded file is too large.', status: 413 });
    }
  });
});
