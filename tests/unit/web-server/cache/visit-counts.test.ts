import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { collectingLog } from '#tests/support/test-log.ts';

let server: Server;
let dataDir: string;
let answer: { status: number; body: unknown } = { status: 503, body: { detail: 'Down for a moment.' } };
type View = { shop: string; address: string; agent: string };
const reported: View[][] = [];
const logged = collectingLog();
let visitCounts: ReturnType<typeof import('#web-server/cache/visit-counts.ts').visitCounter>;

beforeAll(async () => {
  server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    if (request.url === '/shops/visits/') reported.push((JSON.parse(body) as { views: View[] }).views);
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-visits-'));
  process.env.PROVIDER_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.DATA_DIR = dataDir;
  // The host's counter, reporting through the app's provider client as a web process does.
  const [{ visitCounter }, { reportSharedViews }] = await Promise.all([import('#web-server/cache/visit-counts.ts'), import('#app/lib/host.server.ts')]);
  visitCounts = visitCounter(reportSharedViews, logged.log);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

describe('visits of shop pages served from memory', () => {
  it('keeps the views of a report the provider could not take, and sends them with the next', async () => {
    logged.lines.length = 0;
    visitCounts.count('shop-1', '102.89.0.1', 'Tecno phone');
    visitCounts.count('shop-1', '102.89.0.1', 'Tecno phone');
    await visitCounts.flush();
    visitCounts.count('shop-2', '102.89.0.1', 'Tecno phone');
    answer = { status: 200, body: { counted: 2 } };
    await visitCounts.flush();

    const first = { shop: 'shop-1', address: '102.89.0.1', agent: 'Tecno phone' };
    expect(reported).toEqual([[first], [first, { ...first, shop: 'shop-2' }]]);
    expect(logged.lines).toEqual([]);
  });

  it('sends each visitor of a shop once, at most 1000 views a call, browsers cut to 256 characters', async () => {
    reported.length = 0;
    answer = { status: 200, body: { counted: 0 } };
    for (let i = 0; i < 1500; i++) visitCounts.count('shop-3', `102.89.${i >> 8}.${i & 255}`, 'Tecno phone');
    visitCounts.count('shop-3', '102.89.0.0', 'Tecno phone');
    visitCounts.count('shop-3', '102.89.0.0', 'x'.repeat(300));
    await visitCounts.flush();

    expect(reported.map((views) => views.length)).toEqual([1000, 501]);
    expect(reported.flat().at(-1)).toEqual({ shop: 'shop-3', address: '102.89.0.0', agent: 'x'.repeat(256) });
  });

  it('drops a report the provider calls malformed rather than sending it for ever', async () => {
    reported.length = 0;
    answer = { status: 400, body: { views: ['Invalid input'] } };
    visitCounts.count('shop-4', '102.89.0.1', 'Tecno phone');
    await visitCounts.flush();
    answer = { status: 200, body: { counted: 0 } };
    await visitCounts.flush();

    expect(reported).toHaveLength(1);
  });

  it('never shares shop pages with a provider that does not take visits in bulk', async () => {
    answer = { status: 404, body: { detail: 'Not found.' } };
    expect(visitCounts.shopPagesShareable()).toBe(false);
    await vi.waitFor(() => expect(reported.at(-1)).toEqual([]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer = { status: 200, body: { counted: 0 } };
    expect(visitCounts.shopPagesShareable()).toBe(false);
  });
});
