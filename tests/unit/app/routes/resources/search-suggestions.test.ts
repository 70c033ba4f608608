import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: Server;
let dataDir: string;
let answer: (request: IncomingMessage) => { status: number; body: unknown } = () => ({ status: 200, body: { results: [] } });
let seen: string[] = [];
let loader: typeof import('#app/routes/resources/search-suggestions.ts').loader;

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request.url ?? '');
    const { status, body } = answer(request);
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-web-'));
  process.env.PROVIDER_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.DATA_DIR = dataDir;
  ({ loader } = await import('#app/routes/resources/search-suggestions.ts'));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

const suggest = (query: string) =>
  loader({ request: new Request(`http://localhost/search-suggestions${query}`), params: {}, context: {} } as Parameters<typeof loader>[0]);

describe('search suggestions', () => {
  it('asks the provider with the trimmed query and gives at most 5 shops', async () => {
    seen = [];
    answer = () => ({
      status: 200,
      body: { results: Array.from({ length: 7 }, (_, i) => ({ id: `s${i}`, name: `Rice shop ${i}`, category: 'Food' })) },
    });
    const { results } = await suggest('?q=%20%20rice%20');
    expect(results.map((shop) => shop.name)).toEqual(['Rice shop 0', 'Rice shop 1', 'Rice shop 2', 'Rice shop 3', 'Rice shop 4']);
    expect(seen).toEqual(['/shops/suggest?q=rice']);
  });

  it('does not call the provider for an empty query', async () => {
    seen = [];
    expect(await suggest('?q=%20')).toEqual({ results: [] });
    expect(await suggest('')).toEqual({ results: [] });
    expect(seen).toEqual([]);
  });

  it('shows no suggestions, rather than an error, when the provider fails', async () => {
    answer = () => ({ status: 500, body: { detail: 'boom' } });
    expect(await suggest('?q=rice')).toEqual({ results: [] });
  });
});
