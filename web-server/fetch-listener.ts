import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createReadableStreamFromReadable } from '@react-router/node';

export type FetchHandler = (request: Request) => Promise<Response>;

/**
 * The fetch Request for Node's request. Its body is read from the socket only as fast as the action
 * consumes it: a body pushed into the stream as it arrives (as @mjackson/node-fetch-server does) piled
 * up whole in memory whenever the network outran the action.
 */
function requestOf(req: IncomingMessage, protocol: 'http:' | 'https:', visitorAddress: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  // Replaced, never passed on: the provider client forwards it to the API's sign-in limits, so it must
  // hold the one address this server vouches for.
  headers.set('x-forwarded-for', visitorAddress);
  const url = new URL(req.url ?? '/', `${protocol}//${headers.get('host') ?? 'localhost'}`);
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = 'half';
  }
  return new Request(url, init);
}

/** Writes the answer, waiting whenever the visitor's connection is slower than the body. */
async function send(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
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

/** A Node request listener that answers with `handler`; the request's signal aborts when the visitor goes away. */
export function fetchListener(
  handler: FetchHandler,
  options: { protocol: 'http:' | 'https:'; onError: (error: unknown) => Response; visitorAddress: (request: IncomingMessage) => string },
) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    let response: Response;
    try {
      response = await handler(requestOf(req, options.protocol, options.visitorAddress(req), controller.signal));
    } catch (error) {
      response = options.onError(error);
    }
    await send(req, res, response);
  };
}
