import { cp, mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import compression from 'compression';
import sirv from 'sirv';
import { precompressFolder } from '#scripts/lib/precompress.ts';
import { staticFiles } from '#web-server/http/static-files.ts';

/**
 * One static-file server for bench/libraries/static-files.ts, on the built client files: `web-server`
 * (web-server/static-files.ts: sirv on the .br/.gz copies the build writes, made here in a copy) or
 * `sirv+compression` (sirv with the `compression` middleware, compressing each answer). Prints its port.
 */
const [kind = 'web-server', root = 'build/client'] = process.argv.slice(2);
const dir = path.resolve(root);

async function precompressed(): Promise<string> {
  const copy = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-precompressed-'));
  await cp(dir, copy, { recursive: true, filter: (source) => !/\.(?:br|gz)$/.test(source) });
  await precompressFolder(copy);
  return copy;
}

let server: http.Server;
if (kind === 'web-server') {
  const servedStatic = staticFiles(await precompressed());
  server = http.createServer((request, response) => {
    if (!servedStatic(request, response, false)) response.writeHead(404).end();
  });
} else if (kind === 'sirv+compression') {
  const serve = sirv(dir, { maxAge: 31536000, immutable: true });
  const compress = compression();
  server = http.createServer((request, response) => compress(request as never, response as never, () => serve(request, response)));
} else {
  throw new Error(`Unknown server ${kind}`);
}
server.listen(0, '127.0.0.1', () => console.log((server.address() as { port: number }).port));
