import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { request } from 'undici';
import { loadTest } from '../lib/autocannon-run';
import { median, rssMb, startedServer } from './support';

/**
 * `node --import tsx bench/libraries/static-files.ts` (after `npm run build`): the web server's static
 * files (sirv on copies compressed at build) against sirv with the `compression` middleware, on the
 * built client's largest script. Turns alternate between the servers (the machine is shared), so the ratios
 * hold where the absolute figures drift.
 */
const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '4' }, seconds: { type: 'string', default: '5' }, connections: { type: 'string', default: '20' } },
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const KINDS = ['web-server', 'sirv+compression'] as const;

const assets = path.resolve('build/client/assets');
const sizes = await Promise.all(
  (await readdir(assets)).filter((name) => name.endsWith('.js')).map(async (name) => ({ name, size: (await readFile(path.join(assets, name))).length })),
);
const largest = sizes.sort((a, b) => b.size - a.size)[0]!;
const servers = new Map<string, { child: ChildProcess; port: number }>();
for (const kind of KINDS) servers.set(kind, await startedServer(['bench/libraries/static-server.ts', kind]));

const headers = { 'accept-encoding': 'br, gzip' };
const results = new Map<string, number[]>(KINDS.map((kind) => [kind, []]));
const bytes = new Map<string, number>();
try {
  for (const kind of KINDS) {
    const response = await request(`http://127.0.0.1:${servers.get(kind)!.port}/assets/${largest.name}`, { headers });
    bytes.set(kind, (await response.body.arrayBuffer()).byteLength);
    await loadTest(`http://127.0.0.1:${servers.get(kind)!.port}/assets/${largest.name}`, { connections, seconds: 2, headers });
  }
  for (let round = 0; round < rounds; round++) {
    for (const kind of round % 2 ? [...KINDS].reverse() : KINDS) {
      const result = await loadTest(`http://127.0.0.1:${servers.get(kind)!.port}/assets/${largest.name}`, { connections, seconds, headers });
      if (result.errors || result.non2xx) throw new Error(`${kind}: ${result.errors} errors, ${result.non2xx} not 2xx`);
      results.get(kind)!.push(result.requestsPerSecond);
    }
  }
  const ours = median(results.get('web-server')!);
  console.log(`${largest.name} (${Math.round(largest.size / 1024)} KB), brotli accepted, ${connections} connections, ${rounds} rounds of ${seconds} s`);
  console.log('| server | median req/s | ratio to web-server | bytes sent | RSS after |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const kind of KINDS) {
    const rps = median(results.get(kind)!);
    console.log(`| ${kind} | ${rps} | ${(rps / ours).toFixed(2)} | ${bytes.get(kind)} | ${rssMb(servers.get(kind)!.child.pid!)} MB |`);
  }
} finally {
  for (const { child } of servers.values()) {
    child.kill();
    await once(child, 'exit');
  }
}
