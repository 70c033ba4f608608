import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/** Null for a target that is not a path, or a Host that is not a plain host and port. */
export function urlOf(req: IncomingMessage, protocol: 'http:' | 'https:'): URL | null {
  const host = req.headers.host;
  if (!host || !req.url?.startsWith('/')) return null;
  try {
    const url = new URL(`${protocol}//${host}${req.url}`);
    const given = host.toLowerCase();
    return given === url.host || given === `${url.host}:${protocol === 'https:' ? 443 : 80}` ? url : null;
  } catch {
    return null;
  }
}

/** The body is read only as fast as the action consumes it, so a fast network cannot pile it up in memory. */
export function requestOf(req: IncomingMessage, url: URL, visitorAddress: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i]!.toLowerCase() !== 'cookie') headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  // fetch's Headers would join several Cookie headers with `, `; the app must read what the page memory read.
  if (req.headers.cookie !== undefined) headers.set('cookie', req.headers.cookie);
  // Replaced, never passed on: the API's sign-in limits must see the one address this server vouches for.
  headers.set('x-forwarded-for', visitorAddress);
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
    init.duplex = 'half';
  }
  return new Request(url, init);
}

export async function send(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  const rawHeaders: string[] = [];
  for (const [name, value] of response.headers) rawHeaders.push(name, value);
  res.writeHead(response.status, rawHeaders);
  if (response.body && req.method !== 'HEAD') {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) {
        await reader.cancel();
        break;
      }
      if (!res.write(value)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
    }
  }
  res.end();
}

export const badRequest = () => new Response('Bad Request', { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
