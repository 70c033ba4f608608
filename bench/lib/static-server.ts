import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The practical limit for one page: its HTML served from memory by a bare Node `http` server, gzipped
 * once in advance when the client asks for gzip. Run as its own process (`node --import tsx
 * static-server.ts <port> <file>…`) so it gets one core like the web tier; each file is served at its
 * own name, `/<basename>`.
 */
const [port, ...files] = process.argv.slice(2);
const pages = new Map(
  files.map((file) => {
    const body = readFileSync(file);
    return [`/${path.basename(file)}` as string, { body, gzipped: gzipSync(body) }] as const;
  }),
);

http
  .createServer((request, response) => {
    const page = pages.get(request.url ?? '');
    if (!page) {
      response.writeHead(404).end();
      return;
    }
    const gzip = (request.headers['accept-encoding'] ?? '').includes('gzip');
    const body = gzip ? page.gzipped : page.body;
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': body.length,
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    response.end(body);
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('listening'));
