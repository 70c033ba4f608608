import type { IncomingMessage, ServerResponse } from 'node:http';
import { applySecurityHeaders } from './security-headers';

// Refused before anything reads it: a form's own limit would read the body to its end to drop it.
export function refusedUnread(request: IncomingMessage, response: ServerResponse, https: boolean, formBody: { maxBytes: number; tooLarge: string }): boolean {
  if (!(Number(request.headers['content-length']) > formBody.maxBytes)) return false;
  const headers = new Headers({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'close' });
  applySecurityHeaders(headers, https ? 'https:' : 'http:');
  response.writeHead(413, Object.fromEntries(headers));
  response.end(formBody.tooLarge);
  return true;
}
