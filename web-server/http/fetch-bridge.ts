import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/**
 * The page's URL, or null when the request names no page of a site: a target that is not a path, or a
 * Host that is not a plain host and port (`a b`, `a@b`, `:99999`, empty) and would not come back whole.
 */
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

/**
 * The fetch Request for Node's request. Its body is read from the socket only as fast as the action
 * consumes it: a body pushed into the stream as it arrives (as @mjackson/node-fetch-server does) piled
 * up whole in memory whenever the network outran the action.
 */
export function requestOf(req: IncomingMessage, url: URL, visitorAddress: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i]!.toLowerCase() !== 'cookie') headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  // Node joins several Cookie headers with `; `; fetch's Headers would join them with `, `, which the
  // cookie reader takes for part of a value. The app must read what the page memory read.
  if (req.headers.cookie !== undefined) headers.set('cookie', req.headers.cookie);
  // Replaced, never passed on: the provider client forwards it to the API's sign-in limits, so it must
  // hold the one address this server vouches for.
  headers.set('x-forwarded-for', visitorAddress);
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
    init.duplex = 'half';
  }
  return new Request(url, init);
}

/** Writes the answer, waiting whenever the visitor's connection is slower than the body. */
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
