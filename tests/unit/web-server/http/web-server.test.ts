import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '#scripts/lib/precompress.ts';
import { rawPost } from '#tests/support/raw-post.ts';
import { chooseEncoding, compressed } from '#web-server/http/compression.ts';
import { staticFiles } from '#web-server/http/static-files.ts';
import { refusedUnread } from '#web-server/http/unread-refusal.ts';

describe('the encoding the web server answers with', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', null],
    ['*', 'br'],
    ['gzip;q=0, *;q=0', null],
    [null, null],
  ])('is %j → %j', (accept, expected) => {
    expect(chooseEncoding(accept)).toBe(expected);
  });

  it('leaves a body that already has an encoding, and small or binary bodies, as they are', async () => {
    const request = new Request('http://x/', { headers: { 'accept-encoding': 'gzip' } });
    const encoded = new Response('x'.repeat(5000), { headers: { 'content-type': 'text/html', 'content-encoding': 'gzip' } });
    expect(await compressed(request, encoded)).toBe(encoded);
    const small = new Response('tiny', { headers: { 'content-type': 'text/html', 'content-length': '4' } });
    expect(await compressed(request, small)).toBe(small);
    const image = new Response('x'.repeat(5000), { headers: { 'content-type': 'image/jpeg' } });
    expect(await compressed(request, image)).toBe(image);
  });

  it('gzips a page and the result unzips to the page', async () => {
    const page = `<!doctype html>${'<p>Jollof rice</p>'.repeat(200)}`;
    const response = await compressed(
      new Request('http://x/', { headers: { 'accept-encoding': 'gzip' } }),
      new Response(page, { headers: { 'content-type': 'text/html' } }),
    );
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toContain('Accept-Encoding');
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(page);
  });

  it('compresses a page of known length whole, with the length of what it sends', async () => {
    const page = `<!doctype html>${'<p>Suya spot</p>'.repeat(300)}`;
    const response = await compressed(
      new Request('http://x/', { headers: { 'accept-encoding': 'br, gzip' } }),
      new Response(page, { headers: { 'content-type': 'text/html', 'content-length': String(Buffer.byteLength(page)) } }),
    );
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-length')).toBe(String(body.length));
    expect(brotliDecompressSync(body).toString()).toBe(page);
  });
});

describe('the static files', () => {
  let root: string;
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-static-'));
    await mkdir(path.join(root, 'client', 'assets'), { recursive: true });
    await mkdir(path.join(root, 'client', '.vite'), { recursive: true });
    await writeFile(path.join(root, 'client', 'assets', 'app-abc123.js'), `console.log(${JSON.stringify('x'.repeat(3000))});`);
    await writeFile(path.join(root, 'client', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(root, 'client', '.vite', 'manifest.json'), '{}');
    await writeFile(path.join(root, 'secret.txt'), 'not for the web');
    await precompressFolder(path.join(root, 'client'));
    const servedStatic = staticFiles(path.join(root, 'client'));
    server = http.createServer((request, response) => {
      if (!servedStatic(request, response, request.headers['x-test-https'] === '1')) response.writeHead(404, { 'x-left-to': 'router' }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(root, { recursive: true, force: true });
  });

  const get = (pathname: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const request = http.request(`${base}${pathname}`, { method, headers }, async (response) => {
        const chunks: Buffer[] = [];
        for await (const chunk of response) chunks.push(chunk as Buffer);
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) });
      });
      request.on('error', reject);
      request.end();
    });

  it('serves a hashed asset for a year, immutable, brotli-compressed when asked, with the security headers', async () => {
    const response = await get('/assets/app-abc123.js', { 'accept-encoding': 'br', 'x-test-https': '1' });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.body).toString()).toContain('console.log');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('serves files that are not pages with a policy that lets nothing run, load or frame them: an SVG opened on its own runs no script', async () => {
    for (const file of ['/favicon.svg', '/assets/app-abc123.js']) {
      const response = await get(file);
      expect(response.status, file).toBe(200);
      expect(response.headers['content-security-policy'], file).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-content-type-options'], file).toBe('nosniff');
    }
  });

  it('answers 304 to a browser that has this version, and HEAD without a body', async () => {
    const first = await get('/favicon.svg');
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    const again = await get('/favicon.svg', { 'if-none-match': first.headers.etag! });
    expect(again.status).toBe(304);
    const head = await get('/favicon.svg', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it.each([
    '/assets/..%2F..%2Fsecret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/.vite/manifest.json',
    '/assets/..%5C..%5Csecret.txt',
    '/assets/%E0%A4%A',
    '/assets/',
    '/nothing.js',
    '/login',
    '/_.data',
  ])('leaves %s to React Router (its 404), never a file outside the client folder', async (pathname) => {
    expect((await get(pathname)).headers['x-left-to']).toBe('router');
  });

  it('leaves posts to React Router', async () => {
    expect((await get('/favicon.svg', {}, 'POST')).headers['x-left-to']).toBe('router');
  });
});

describe('a body declared larger than any form', () => {
  it('is refused with a 413 before anything reads it, and the connection closes; one within it goes on', async () => {
    let bodiesRead = 0;
    const server = http.createServer((request, response) => {
      if (refusedUnread(request, response, false, { maxBytes: 1000, tooLarge: 'Too large' })) return;
      request.on('data', () => bodiesRead++).on('end', () => response.end('read'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/login`;
    try {
      const refused = await rawPost(url, { body: 'password=x', declaredLength: 1001 });
      expect(refused.status).toBe(413);
      expect(bodiesRead).toBe(0);
      expect((await rawPost(url, { body: 'password=x' })).status).toBe(200);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
