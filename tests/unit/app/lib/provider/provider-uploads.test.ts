import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

let server: Server;
let dataDir: string;
let received: { headers: IncomingMessage['headers']; body: Buffer } | undefined;
let provider: typeof import('#app/lib/provider/client.server.ts').provider;

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    received = { headers: request.headers, body: Buffer.concat(chunks) };
    response.writeHead(201, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ id: 9, name: 'Mama Put', image_url: null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-web-'));
  process.env.PROVIDER_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.DATA_DIR = dataDir;
  ({ provider } = await import('#app/lib/provider/client.server.ts'));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

describe('uploads through the provider client', () => {
  test('send a form built with Node’s own FormData, file and all, as multipart', async () => {
    // The shape an action has in hand: a form read from the browser's request, then re-assembled.
    const inbound = new FormData();
    inbound.set('image', new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'front.jpg', { type: 'image/jpeg' }));
    const image = (await new Response(inbound).formData()).get('image') as File;
    const form = new FormData();
    form.set('name', 'Mama Put');
    form.set('image', image, image.name);

    const shop = await provider.createShop('token-1', form);

    expect(shop.name).toBe('Mama Put');
    expect(received?.headers.authorization).toBe('Bearer token-1');
    const sent = await new Response(new Uint8Array(received!.body), { headers: { 'content-type': String(received?.headers['content-type']) } }).formData();
    expect(sent.get('name')).toBe('Mama Put');
    const file = sent.get('image') as File;
    expect([file.name, file.type, file.size]).toEqual(['front.jpg', 'image/jpeg', 7]);
  });
});
