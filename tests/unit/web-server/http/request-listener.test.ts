import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { collectingLog } from '#tests/support/test-log.ts';
import type { RequestFacts } from '#web-server/cache/page-memory.ts';
import { webRequestListener } from '#web-server/http/server.ts';
import type { Site } from '#web-server/site/index.ts';

let server: Server | undefined;
const logged = collectingLog();

type Handler = (request: Request, facts: RequestFacts) => Promise<Response>;

/** The web server's listener around a site that remembers nothing and answers with `handler`. */
async function serve(handler: Handler, onRequest: (req: IncomingMessage) => void = () => {}): Promise<string> {
  const site = {
    formBody: { maxBytes: 64 * 1024 * 1024, drainMaxBytes: 0, tooLarge: 'Too large' },
    replay: () => undefined,
    handle: handler,
  } as unknown as Site;
  const listener = webRequestListener({ site: () => site, staticFiles: () => false, trustProxy: undefined, log: logged.log });
  server = createServer((req, res) => {
    onRequest(req);
    listener(req, res);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

describe('the web server’s answer to a request', () => {
  it('reads a posted body only as fast as the action takes it, instead of piling it up in memory', async () => {
    let received: IncomingMessage | undefined;
    let readBeforeTheActionAsked = 0;
    const base = await serve(
      async (request) => {
        await delay(400);
        readBeforeTheActionAsked = received!.socket.bytesRead;
        const body = await request.arrayBuffer();
        return new Response(String(body.byteLength));
      },
      (req) => (received = req),
    );
    const size = 48 * 1024 * 1024;
    const answer = await fetch(`${base}/upload`, { method: 'POST', body: new Uint8Array(size) });

    expect(await answer.text()).toBe(String(size));
    expect(readBeforeTheActionAsked).toBeLessThan(8 * 1024 * 1024);
  });

  it('keeps each Set-Cookie apart, sends no body for HEAD, and answers a site that throws with a plain 500', async () => {
    const base = await serve(async (request) => {
      if (request.url.endsWith('/fail')) throw new Error('boom');
      const headers = new Headers();
      headers.append('set-cookie', 'a=1; Path=/');
      headers.append('set-cookie', 'b=2; Path=/');
      return new Response('page', { headers });
    });

    const page = await fetch(`${base}/`);
    expect(page.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(await page.text()).toBe('page');
    expect(await (await fetch(`${base}/`, { method: 'HEAD' })).text()).toBe('');
    const failed = await fetch(`${base}/fail`);
    expect([failed.status, await failed.text()]).toEqual([500, 'An unexpected error occurred.']);
    expect(logged.lines.at(-1)).toMatchObject({ msg: 'a request failed', err: { message: 'boom' } });
  });

  it('names the visitor in X-Forwarded-For as this server sees them, not as they claim', async () => {
    const base = await serve(async (request) => new Response(request.headers.get('x-forwarded-for')));

    // This test's client is on this machine, so it stands for a local proxy: its last entry is the visitor.
    expect(await (await fetch(`${base}/`, { headers: { 'x-forwarded-for': '6.6.6.6, 198.51.100.7' } })).text()).toBe('198.51.100.7');
    expect(await (await fetch(`${base}/`)).text()).toBe('127.0.0.1');
  });

  it('aborts the request’s signal when the visitor goes away', async () => {
    let started = false;
    let aborted = false;
    const base = await serve(async (request) => {
      started = true;
      await new Promise((resolve) => request.signal.addEventListener('abort', resolve));
      aborted = true;
      return new Response('too late');
    });
    const gone = new AbortController();
    const visit = fetch(`${base}/slow`, { signal: gone.signal }).catch(() => 'gone');
    await expect.poll(() => started).toBe(true);
    gone.abort();

    expect(await visit).toBe('gone');
    await expect.poll(() => aborted).toBe(true);
  });

  it('answers a Host that names no site, or a method fetch cannot carry, with a plain 400 and never reaches the app', async () => {
    let reached = 0;
    const base = await serve(async () => {
      reached += 1;
      return new Response('page');
    });
    const { port } = new URL(base);
    const statusOf = (lines: string[]) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => socket.end(`${lines.join('\r\n')}\r\n\r\n`));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk));
        socket.on('end', () => resolve(answer.split('\r\n')[0]!));
        socket.on('error', reject);
      });
    for (const host of ['a b', '[', '%', 'a@b', ':99999', '', 'evil.test/x', 'a?b']) {
      expect(await statusOf(['GET /login HTTP/1.1', `Host: ${host}`, 'Connection: close']), `Host: ${host}`).toBe('HTTP/1.1 400 Bad Request');
    }
    expect(await statusOf(['TRACE /login HTTP/1.1', 'Host: localhost', 'Connection: close'])).toBe('HTTP/1.1 400 Bad Request');
    expect(await statusOf(['GET http://evil.test/login HTTP/1.1', 'Host: localhost', 'Connection: close'])).toBe('HTTP/1.1 400 Bad Request');
    expect(reached).toBe(0);
    for (const host of ['localhost', '127.0.0.1:80', `127.0.0.1:${port}`, '[::1]:3000', 'Kasuwa.NG']) {
      expect(await statusOf(['GET /login HTTP/1.1', `Host: ${host}`, 'Connection: close']), `Host: ${host}`).toBe('HTTP/1.1 200 OK');
    }
  });

  it('hands the app several Cookie headers joined as Node joins them, so every reader sees the same cookies', async () => {
    const base = await serve(async (request) => new Response(request.headers.get('cookie')));
    const { port } = new URL(base);
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.end('GET / HTTP/1.1\r\nHost: localhost\r\nCookie: a=1\r\nCookie: __kasuwa=v\r\nConnection: close\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk));
      socket.on('end', () => resolve(text));
    });
    expect(answer).toContain('\r\na=1; __kasuwa=v\r\n');
  });
});
