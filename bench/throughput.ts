import { fork, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { request } from 'undici';
import { COOKIE } from '#app/lib/request-cookies.ts';
import { signedCookie } from '#app/lib/signed-cookie.server.ts';
import { buildIfStale, freePort, ROOT } from '#scripts/lib/product.ts';
import { loadTest, type ThroughputResult } from './lib/autocannon-run';
import { type Layout, sharedServices, startLayout } from './lib/instances';
import { memoryMb, sampleMemory } from './lib/memory-sampler';
import { postgresServer } from './lib/postgres-server';
import { machine } from './lib/report';
import { throwawayDatabase } from './lib/throwaway-database';

const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
const SEARCH_WORD = 'rice';
/** Phones ask for gzip; so does every run here, the static server included (it gzips once in advance). */
// One visitor: the load comes from one address, and its browser differs from the checks' own reads.
const HEADERS = { accept: 'text/html', 'accept-encoding': 'gzip', 'user-agent': 'kasuwa-bench (one visitor)' };
/** A JWT-shaped token of a real one's length. */
const token = (kind: string) =>
  [
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9',
    Buffer.from(JSON.stringify({ token_type: kind, exp: 1e10, jti: '0'.repeat(32), user_id: randomUUID() })).toString('base64url'),
    's'.repeat(43),
  ].join('.');

/**
 * A session cookie the size of a signed-in person's, signed with a secret the web tier does not have: each
 * request pays the signature check and fails it, so the page is rendered for an anonymous visitor, but a
 * request carrying the session cookie shares no page. This measures rendering, as for a signed-in visitor:
 * from the public lists every visitor shares for PUBLIC_CACHE_SECONDS (home, search), or with a provider
 * call (a shop page, whose visit the provider counts).
 */
async function bypassCache() {
  const cookie = signedCookie(COOKIE.session, { secrets: ['not-the-web-tier-secret'] });
  const session = {
    user: { id: randomUUID(), username: 'mamatiti', email: 'mama.titi@example.ng' },
    access: token('access'),
    refresh: token('refresh'),
    lastSeen: Date.now(),
  };
  return { cookie: (await cookie.serialize(session)).split(';')[0]! };
}
/** Shares of the same run's static-file rate (absolute rates follow the machine), and a web worker's peak memory. */
const TARGETS = { anonymous: 0.5, uncached: { home: 0.05, search: 0.05, shop: 0.03 } as Record<string, number>, webWorkerMb: 200 };
const SETTLE_MS = 3000;

type Run = {
  name: string;
  server: 'static' | 'web';
  path: string;
  cached: boolean | null;
  result: ThroughputResult;
  peakRssMb: Record<string, number>;
};

function options() {
  const { values } = parseArgs({
    options: {
      shops: { type: 'string', default: '10000' },
      seconds: { type: 'string', default: '20' },
      connections: { type: 'string', default: '50' },
      warmup: { type: 'string', default: '20' },
      instances: { type: 'string', default: '1' },
    },
  });
  const instances = Number(values.instances);
  if (!Number.isInteger(instances) || instances < 1) throw new Error('--instances must be a whole number, 1 or more');
  return { shops: Number(values.shops), seconds: Number(values.seconds), connections: Number(values.connections), warmup: Number(values.warmup), instances };
}

async function seed(shops: number, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench', 'seed-bulk.ts'), '--shops', String(shops)], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`seeding exited with ${code}`);
}

async function startStaticServer(files: string[]) {
  const port = await freePort();
  const child = fork(path.join(ROOT, 'bench', 'lib', 'static-server.ts'), [String(port), ...files], { execArgv: ['--import', 'tsx'] });
  await once(child, 'message');
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill() };
}

async function html(url: string): Promise<string> {
  const response = await request(url, { headers: { accept: 'text/html' } });
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
  return response.body.text();
}

async function visitorCount(apiUrl: string, shopId: string): Promise<number> {
  const response = await request(`${apiUrl}/shops/${shopId}`);
  return ((await response.body.json()) as { visitor_count: number }).visitor_count;
}

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

async function main() {
  const settings = options();
  const started = new Date();
  const report = {
    date: started.toISOString().slice(0, 10),
    machine: machine(),
    settings,
    database: '',
    runs: [] as Run[],
    visits: { requests: 0, counted: 0 },
    webProcesses: 0,
    processPeakRssMb: {} as Record<string, number>,
  };
  await buildIfStale();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-bench-throughput-'));
  // Several instances share a PostgreSQL (DATABASE_URL's server, or a throwaway cluster), Redis and a bucket.
  const several = settings.instances > 1;
  const databaseServer = several ? await postgresServer() : undefined;
  const postgresUrl = databaseServer?.url ?? process.env.DATABASE_URL;
  const postgres = postgresUrl ? await throwawayDatabase(postgresUrl) : undefined;
  const shared = several ? await sharedServices() : undefined;
  report.database = postgres ? `PostgreSQL (throwaway database on ${databaseServer?.source ?? 'DATABASE_URL'})` : 'PGlite (embedded, in the API process)';
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: postgres?.url ?? '', SEED_DEMO: '0', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...shared?.env };
  let product: Layout | undefined;
  let statics: Awaited<ReturnType<typeof startStaticServer>> | undefined;
  try {
    console.log(`Seeding ${settings.shops} shops…`);
    await seed(settings.shops, env);
    product = await startLayout(settings.instances, env);

    const list = (await (await request(`${product.apiUrl}/shops?page=2`)).body.json()) as { for_you: { id: string }[] };
    const shopId = list.for_you[0]!.id;
    const pages = [
      { name: 'home', path: '/' },
      { name: 'shop', path: `/shop/${shopId}` },
      { name: 'search', path: `/searchResults?q=${SEARCH_WORD}` },
    ];
    const pageDir = path.join(dataDir, 'static');
    await mkdir(pageDir);
    for (const page of pages) await writeFile(path.join(pageDir, `${page.name}.html`), await html(`${product.webUrl}${page.path}`));
    statics = await startStaticServer(pages.map((page) => path.join(pageDir, `${page.name}.html`)));
    const targets = [...product.targets, { name: 'static', pid: statics.pid }];
    report.webProcesses = product.webProcesses;

    const measure = async (name: string, server: Run['server'], base: string, pagePath: string, cached: boolean | null, extra: Record<string, string> = {}) => {
      const headers = { ...HEADERS, ...extra };
      const countsVisits = name === 'shop: web, anonymous';
      // The check's own reads are one visitor, counted when the page was first fetched above.
      const visitsBefore = countsVisits ? await visitorCount(product!.apiUrl, shopId) : 0;
      // The same load first, until V8 has optimised the rendering code: a server runs for days, not for its first seconds.
      await loadTest(`${base}${pagePath}`, { connections: settings.connections, seconds: settings.warmup, headers });
      const sampler = sampleMemory(targets);
      const result = await loadTest(`${base}${pagePath}`, { connections: settings.connections, seconds: settings.seconds, headers });
      const peaks = Object.entries(sampler.stop()).map(([process, { peakMb }]) => [process, peakMb]);
      const run: Run = { name, server, path: pagePath, cached, result, peakRssMb: Object.fromEntries(peaks) };
      if (countsVisits) {
        // Views served from memory reach the provider about once a second.
        await delay(SETTLE_MS);
        const counted = (await visitorCount(product!.apiUrl, shopId)) - visitsBefore;
        report.visits = { requests: result.requests - result.non2xx, counted };
      }
      console.log(
        `${name}: ${result.requestsPerSecond} req/s, p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}`,
      );
      report.runs.push(run);
    };

    for (const page of pages) {
      await measure(`${page.name}: static file`, 'static', statics.url, `/${page.name}.html`, null);
      await measure(`${page.name}: web, anonymous`, 'web', product.webUrl, page.path, true);
      await measure(`${page.name}: web, uncached`, 'web', product.webUrl, page.path, false, await bypassCache());
    }
    report.processPeakRssMb = Object.fromEntries(targets.map(({ name, pid }) => [name, memoryMb(pid).peak]));
  } finally {
    statics?.stop();
    await product?.stop();
    await shared?.stop();
    await postgres?.drop();
    databaseServer?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }

  const staticRps = (pageName: string) => report.runs.find((run) => run.name === `${pageName}: static file`)!.result.requestsPerSecond;
  const ratio = (run: Run) => (run.server === 'static' ? 1 : run.result.requestsPerSecond / staticRps(run.name.split(':')[0]!));
  const anonymous = report.runs.filter((run) => run.server === 'web' && !run.name.endsWith('uncached'));
  const uncached = report.runs.filter((run) => run.name.endsWith('uncached'));
  const pageOf = (run: Run) => run.name.split(':')[0]!;
  const percent = (run: Run) => `${pageOf(run)} ${Math.round(ratio(run) * 100)} %`;
  const workers = Object.entries(report.processPeakRssMb).filter(([name]) => /^web \d/.test(name));
  const verdicts = [
    `Anonymous public pages ≥ ${TARGETS.anonymous * 100} % of the static file's rate: ${anonymous.every((run) => ratio(run) >= TARGETS.anonymous) ? 'met' : 'NOT met'} (${anonymous.map(percent).join(', ')}).`,
    `Uncached pages (${Object.entries(TARGETS.uncached)
      .map(([page, share]) => `${page} ≥ ${share * 100} %`)
      .join(
        ', ',
      )} of the static file's rate): ${uncached.every((run) => ratio(run) >= (TARGETS.uncached[pageOf(run)] ?? 0)) ? 'met' : 'NOT met'} (${uncached.map(percent).join(', ')}).`,
    `Web workers ≤ ${TARGETS.webWorkerMb} MB at peak: ${workers.every(([, mb]) => mb <= TARGETS.webWorkerMb) ? 'met' : 'NOT met'} (${workers.map(([name, mb]) => `${name} ${mb} MB`).join(', ')}).`,
    // The warm-up and the run are one visitor (one address, one browser) within 30 minutes: one visit.
    `Visitor counts: ${report.visits.counted} visit(s) counted at the provider for the warm-up and ${report.visits.requests} answered shop-page requests of one visitor ` +
      `(${report.visits.counted === 1 ? 'a visitor counts once per shop every 30 minutes, as expected' : 'MISMATCH: expected 1'}).`,
  ];
  const m = report.machine;
  const lines = [
    `# Server throughput, ${report.date}`,
    '',
    `Machine: ${m.cpus} cores (${m.cpuModel}), ${m.memoryGb} GB, Node ${m.node}, ${m.os}; load average ${m.loadAverageAtStart} at start.`,
    `Data: ${settings.shops.toLocaleString('en')} bulk shops (\`npm run seed:bulk\`; every shop and product shows one phone-like photo stored with all its AVIF and WebP copies), ${report.database}. ${
      several
        ? `${settings.instances} instances, each an API and a web tier with a DATA_DIR of its own, on one PostgreSQL, one Redis and one s3rver bucket, with a round-robin proxy (a Node process) in front of the APIs and one in front of the web tiers, which the load goes through: ${report.webProcesses} web processes in all`
        : `Web tier (${report.webProcesses === 1 ? 'one process' : `${report.webProcesses} processes: a primary and its workers`})`
    }, API and load generator share the machine.`,
    `Each run: autocannon, ${settings.connections} connections, ${settings.seconds} s after a ${settings.warmup} s warm-up at the same load (until V8 has optimised the hot code), \`Accept-Encoding: gzip\`. ` +
      `"static file": the same page's HTML from a bare Node \`http\` server (gzipped in advance). ` +
      `"uncached": a session cookie of a signed-in person's size that does not verify, so the page is rendered for every request as for a signed-in visitor and no page is shared: home and search from the provider's list answer, which every visitor of a web process shares for PUBLIC_CACHE_SECONDS (5 s), the shop page with a provider call (which counts the visit); the API remembers its public lists for a second. ` +
      `Shop pages served from the shared copy report their views in bulk (POST /shops/visits/, about once a second); the load is one visitor, so the visitor-count check expects one visit.`,
    '',
    row(['Run', 'Path', 'req/s', 'Ratio to static', 'p50 ms', 'p95 ms', 'p99 ms', 'Errors', 'Non-2xx', 'Peak RSS during the run, MB']),
    row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---']),
    ...report.runs.map((run) =>
      row([
        run.name,
        `\`${run.path.replace(/[0-9a-f-]{36}/, '{id}')}\``,
        run.result.requestsPerSecond,
        `${Math.round(ratio(run) * 100)} %`,
        run.result.latencyMs.p50,
        run.result.latencyMs.p95,
        run.result.latencyMs.p99,
        run.result.errors,
        run.result.non2xx,
        Object.entries(run.peakRssMb)
          .map(([process, mb]) => `${process} ${mb}`)
          .join(', '),
      ]),
    ),
    '',
    `Peak RSS over the whole run (VmHWM): ${Object.entries(report.processPeakRssMb)
      .map(([name, mb]) => `${name} ${mb} MB`)
      .join(', ')}.`,
    '',
    ...verdicts.map((verdict) => `- ${verdict}`),
  ];
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `throughput-${report.date}${several ? `-${settings.instances}-instances` : process.env.DATABASE_URL ? '-postgres' : ''}`);
  await writeFile(`${file}.json`, `${JSON.stringify({ ...report, verdicts }, null, 2)}\n`);
  await writeFile(`${file}.md`, `${lines.join('\n')}\n`);
  console.log(lines.join('\n'));
}

await main();
