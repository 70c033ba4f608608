import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { freePort } from '#scripts/lib/product.ts';
import { loadTest } from '../lib/autocannon-run';
import { median, startedServer } from './support';

/**
 * `node --import tsx bench/libraries/connections.ts`: our connection balancing against node:cluster's
 * round-robin, two workers, each turn a fresh burst of keep-alive connections (as a proxy opens them).
 * Turns alternate between the two; the ratio holds where the absolute figures drift.
 */
const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '6' }, seconds: { type: 'string', default: '4' }, connections: { type: 'string', default: '50' } },
});
const KINDS = ['ours', 'round-robin'] as const;
const servers = new Map<string, { child: ChildProcess; port: number }>();
for (const kind of KINDS)
  servers.set(kind, await startedServer(['bench/libraries/connection-server.ts', kind], { ...process.env, PORT: String(await freePort()) }));

const rps = new Map<string, number[]>(KINDS.map((kind) => [kind, []]));
const p99 = new Map<string, number[]>(KINDS.map((kind) => [kind, []]));
try {
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const kind of round % 2 ? [...KINDS].reverse() : KINDS) {
      const result = await loadTest(`http://127.0.0.1:${servers.get(kind)!.port}/`, {
        connections: Number(values.connections),
        seconds: Number(values.seconds),
        headers: {},
      });
      if (result.errors || result.non2xx) throw new Error(`${kind}: ${result.errors} errors, ${result.non2xx} not 2xx`);
      rps.get(kind)!.push(result.requestsPerSecond);
      p99.get(kind)!.push(result.latencyMs.p99);
    }
  }
  const ours = median(rps.get('ours')!);
  console.log(`2 workers, ~2 ms CPU an answer, ${values.connections} keep-alive connections, ${values.rounds} turns of ${values.seconds} s each`);
  console.log('| balancing | median req/s | ratio to ours | worst turn req/s | median p99 ms |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const kind of KINDS) {
    const runs = rps.get(kind)!;
    console.log(`| ${kind} | ${median(runs)} | ${(median(runs) / ours).toFixed(2)} | ${Math.min(...runs)} | ${median(p99.get(kind)!)} |`);
  }
} finally {
  for (const { child } of servers.values()) {
    child.kill();
    await once(child, 'exit');
  }
}
