import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Tinypool from 'tinypool';
import { childWorker } from '#server/media/child-worker.ts';
import type { ImageTasks } from '#server/media/image-tasks.ts';
import { phonePhoto } from '../lib/phone-photos';
import { median, rssMb } from './support';

/**
 * `node --import tsx bench/libraries/image-pool.ts`: the API's image worker (server/media/child-worker.ts)
 * against tinypool's child_process runtime, each running the upload task (image-tasks' `encode`) on the
 * same phone-like photos two at a time, as the API's turns allow. Rounds alternate between the two, so
 * drift hits both; medians. Memory: the worker process's resident set, sampled while it works.
 */
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '4' }, photos: { type: 'string', default: '8' } } });
const rounds = Number(values.rounds);
const photoCount = Number(values.photos);
const execArgv = ['--import', 'tsx'];
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

const ours = childWorker<ImageTasks>({ file: here('../../server/media/image-worker.ts'), execArgv, idleMs: 60_000, jobTimeoutMs: 60_000 });
const pool = new Tinypool({
  runtime: 'child_process',
  filename: here('./tinypool-image-worker.ts'),
  execArgv,
  serialization: 'advanced',
  minThreads: 0,
  maxThreads: 1,
  // Two photos at once in the one worker, as ours takes them.
  concurrentTasksPerWorker: 2,
  idleTimeout: 60_000,
  isolateWorkers: false,
});
const runners = {
  'child-worker (ours)': (data: Buffer) => ours.run('encode', data),
  'tinypool child_process': (data: Buffer) => pool.run({ task: 'encode', input: data }) as ReturnType<typeof ours.run<'encode'>>,
};
type Name = keyof typeof runners;

/** Child processes of this one, with their resident memory. */
async function childRss(): Promise<number> {
  const { readdir, readFile } = await import('node:fs/promises');
  let most = 0;
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    if (new RegExp(`^PPid:\\s+${process.pid}$`, 'm').test(status)) most = Math.max(most, rssMb(Number(pid)));
  }
  return most;
}

async function batch(name: Name, photos: Buffer[]): Promise<{ seconds: number; peakMb: number }> {
  let peakMb = 0;
  const sampler = setInterval(() => void childRss().then((mb) => (peakMb = Math.max(peakMb, mb))), 100);
  const started = performance.now();
  const queue = [...photos];
  const turn = async () => {
    for (let photo = queue.shift(); photo; photo = queue.shift()) {
      const result = await runners[name](photo);
      if (!('encoded' in result)) throw new Error(`${name} refused a photo: ${result.rejected}`);
    }
  };
  await Promise.all([turn(), turn()]);
  clearInterval(sampler);
  return { seconds: (performance.now() - started) / 1000, peakMb };
}

const photos = await Promise.all(Array.from({ length: photoCount }, (_, index) => phonePhoto(index + 1)));
const names = Object.keys(runners) as Name[];
const results = new Map<Name, { seconds: number[]; peakMb: number[] }>(names.map((name) => [name, { seconds: [], peakMb: [] }]));
// A first batch each starts the worker and warms it; not counted.
for (const name of names) await batch(name, photos.slice(0, 2));
for (let round = 0; round < rounds; round += 1) {
  for (const name of round % 2 ? [...names].reverse() : names) {
    const { seconds, peakMb } = await batch(name, photos);
    results.get(name)!.seconds.push(seconds);
    results.get(name)!.peakMb.push(peakMb);
  }
}
await pool.destroy();

const base = median(results.get('child-worker (ours)')!.seconds);
console.log(`${photoCount} photos (1200×900 phone-like JPEGs), two at a time, ${rounds} rounds\n`);
console.log('| Pool | Median s per batch | Photos/s | Ratio to ours (time) | Worker peak RSS, MB (median) |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const name of names) {
  const seconds = median(results.get(name)!.seconds);
  console.log(
    `| ${name} | ${seconds.toFixed(2)} | ${(photoCount / seconds).toFixed(2)} | ${(seconds / base).toFixed(2)} | ${median(results.get(name)!.peakMb)} |`,
  );
}
process.exit(0);
