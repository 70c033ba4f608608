import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { request } from 'undici';
import { COOKIE } from '#app/lib/request-cookies.ts';
import { signedCookie } from '#app/lib/signed-cookie.server.ts';
import { freePort, ROOT } from '#scripts/lib/product.ts';
import { loadTest } from './lib/autocannon-run';
import { cpuMs, pinApart, processesOf } from './lib/cpu-time';
import { machine } from './lib/report';

/**
 * `npm run bench:compare -- --base ../other-checkout`: this checkout's pages against another's (built
 * too), both running at once on the same data, measured in short turns that alternate between them, so
 * a machine whose speed drifts (a shared VM) slows both alike. Prints the median of each side and
 * their ratio, in requests per second and in the web tier's CPU time per request; `--pin` keeps the web
 * tiers on one core and the APIs and the load on the others, so that CPU time is theirs alone.
 * `bench:throughput` gives the absolute figures.
 */
const USAGE = 'Usage: npm run bench:compare -- --base DIR [--rounds 5] [--seconds 5] [--shops 10000] [--pin]';
const HEADERS = { accept: 'text/html', 'accept-encoding': 'gzip', 'user-agent': 'kasuwa-bench (one visitor)' };

function options() {
  const { values } = parseArgs({
    options: {
      base: { type: 'string' },
      rounds: { type: 'string', default: '5' },
      seconds: { type: 'string', default: '5' },
      shops: { type: 'string', default: '10000' },
      connections: { type: 'string', default: '50' },
      pin: { type: 'boolean', default: false },
    },
  });
  if (!values.base) {
    console.error(USAGE);
    process.exit(2);
  }
  return {
    base: path.resolve(values.base),
    rounds: Number(values.rounds),
    seconds: Number(values.seconds),
    shops: Number(values.shops),
    connections: Number(values.connections),
    pin: values.pin,
  };
}

type Product = { name: string; webUrl: string; apiUrl: string; webPort: number; apiPort: number; stop: () => Promise<void>; dataDir: string };

/** Seeds and starts the product of the checkout at `root` with that checkout's own code. */
async function startCheckout(name: string, root: string, shops: number): Promise<Product> {
  const product = (await import(path.join(root, 'scripts', 'lib', 'product.ts'))) as typeof import('#scripts/lib/product.ts');
  await product.buildIfStale();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `kasuwa-bench-compare-${name}-`));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: '0', LOG_LEVEL: 'warn', HOST: '127.0.0.1' };
  const seed = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench', 'seed-bulk.ts'), '--shops', String(shops)], {
    cwd: root,
    env,
    stdio: 'ignore',
  });
  const [code] = (await once(seed, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`seeding ${name} exited with ${code}`);
  const [webPort, apiPort] = [await freePort(), await freePort()];
  const running = product.startProduct({ webPort, apiPort, env, log: () => {} });
  await running.ready;
  return { name, webUrl: running.webUrl, apiUrl: running.apiUrl, webPort, apiPort, dataDir, stop: () => running.stop() };
}

/** A session cookie that does not verify: the page is rendered for an anonymous visitor, as for a signed-in one, and no page is shared. */
async function uncachedCookie(): Promise<string> {
  const cookie = signedCookie(COOKIE.session, { secrets: ['not-the-web-tier-secret'] });
  return (await cookie.serialize({ user: { id: randomUUID() }, lastSeen: Date.now() })).split(';')[0]!;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const settings = options();
  const cookie = await uncachedCookie();
  console.log(`Seeding and starting both checkouts (${settings.shops} shops each)…`);
  const products = [await startCheckout('base', settings.base, settings.shops), await startCheckout('this', ROOT, settings.shops)];
  try {
    const shopIds = await Promise.all(
      products.map(async (product) => ((await (await request(`${product.apiUrl}/shops?page=2`)).body.json()) as { for_you: { id: string }[] }).for_you[0]!.id),
    );
    const pages = [
      { name: 'home', path: () => '/' },
      { name: 'shop', path: (side: number) => `/shop/${shopIds[side]}` },
      { name: 'search', path: () => '/searchResults?q=rice' },
    ];
    const runs = pages.flatMap((page) => [
      { name: `${page.name}, anonymous`, page, headers: HEADERS },
      { name: `${page.name}, uncached`, page, headers: { ...HEADERS, cookie } },
    ]);
    // Read before pinning: this process then sees only its own cores.
    const { cpus, cpuModel, node } = machine();
    const webProcesses = products.map((product) => processesOf('web-server.js', 'PORT', product.webPort));
    if (settings.pin) {
      const apis = products.flatMap((product) => processesOf('main.js', 'API_PORT', product.apiPort).filter((pid) => !webProcesses.flat().includes(pid)));
      pinApart(webProcesses.flat(), [...apis, process.pid]);
    }
    /** One turn: its rate, and the web tier's CPU time per answered request. */
    const load = async (side: number, run: (typeof runs)[number], seconds: number) => {
      const before = cpuMs(webProcesses[side]!);
      const result = await loadTest(`${products[side]!.webUrl}${run.page.path(side)}`, { connections: settings.connections, seconds, headers: run.headers });
      return { ...result, cpuMsPerRequest: (cpuMs(webProcesses[side]!) - before) / Math.max(1, result.requests) };
    };

    const lines = [
      `Machine: ${cpus} cores (${cpuModel}), Node ${node}.`,
      `${settings.rounds} alternating turns of ${settings.seconds} s per side and page, ${settings.connections} connections, after a warm-up turn.`,
      settings.pin
        ? 'Web tiers on the last core; the APIs and the load generator on the others.'
        : 'Nothing pinned: the web tiers share every core with the APIs and the load generator.',
      '"CPU": user and system time of the web tier (primary and workers) per request, in ms.',
      '',
      '| Page | base req/s | this req/s | this / base | base CPU | this CPU | this / base |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ];
    for (const run of runs) {
      for (const side of [0, 1]) await load(side, run, settings.seconds);
      const rates: [number[], number[]] = [[], []];
      const cpu: [number[], number[]] = [[], []];
      for (let round = 0; round < settings.rounds; round += 1) {
        // Alternate which side goes first, so neither always follows the other's garbage collection.
        for (const side of round % 2 ? [1, 0] : [0, 1]) {
          const result = await load(side, run, settings.seconds);
          if (result.errors || result.non2xx) throw new Error(`${run.name} on ${products[side]!.name}: ${result.errors} errors, ${result.non2xx} non-2xx`);
          rates[side]!.push(result.requestsPerSecond);
          cpu[side]!.push(result.cpuMsPerRequest);
        }
      }
      const [base, current] = rates.map(median) as [number, number];
      const [baseCpu, currentCpu] = cpu.map(median) as [number, number];
      const line =
        `| ${run.name} | ${base} | ${current} | ${((current / base) * 100).toFixed(1)} % ` +
        `| ${baseCpu.toFixed(2)} | ${currentCpu.toFixed(2)} | ${((currentCpu / baseCpu) * 100).toFixed(1)} % |`;
      console.log(line);
      lines.push(line);
    }
    console.log(`\n${lines.join('\n')}`);
  } finally {
    for (const product of products) {
      await product.stop();
      await rm(product.dataDir, { recursive: true, force: true });
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
