import type { LoadResult } from './load';
import type { machine } from './report';

export type SearchCase = {
  database: string;
  /** Where the database ran: DATABASE_URL, a throwaway cluster, or PGlite in the API process. */
  source: string;
  shops: number;
  products: number;
  ratings: number;
  databaseSizeMb: number;
  seedSeconds: number;
  requests: { path: string; note: string; search: boolean; matches: string; alone: LoadResult; loaded: LoadResult }[];
};

export type SearchReport = {
  date: string;
  machine: ReturnType<typeof machine>;
  settings: { connections: number; seconds: number; warmupSeconds: number; productsPerShop: number };
  targetP95Ms: number;
  cases: SearchCase[];
};

const count = (n: number) => n.toLocaleString('en');
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

/** The target is about search on PostgreSQL; the verdict names the slowest search request. */
function verdict(report: SearchReport, c: SearchCase, which: 'alone' | 'loaded'): string {
  const searches = c.requests.filter((r) => r.search);
  const worst = searches.reduce((a, b) => (b[which].latencyMs.p95 > a[which].latencyMs.p95 ? b : a));
  const p95 = worst[which].latencyMs.p95;
  const met = p95 <= report.targetP95Ms && searches.every((r) => r[which].errors === 0);
  return `${met ? 'met' : 'NOT met'}: slowest search p95 ${p95} ms (\`${worst.path}\`)`;
}

export function searchMarkdown(report: SearchReport): string {
  const { machine: m, settings: s } = report;
  return [
    `# Search benchmark, ${report.date}`,
    '',
    `Machine: ${m.cpus} cores (${m.cpuModel}), ${m.memoryGb} GB memory, Node ${m.node}, ${m.os}; load average ${m.loadAverageAtStart} at start.`,
    'The API runs as in production (the bundle `build/api/main.js`, as `npm start` runs it) in its own process; the load comes from the same machine.',
    `Each request: one client alone (next request when the last answers), then ${s.connections} clients at once, ${s.seconds} s each after a ${s.warmupSeconds} s warm-up. ` +
      "Every request carries a parameter of its own, so the API's one-second memory of public lists never answers one: these are the queries' own figures.",
    `Bulk data: \`npm run seed:bulk\` with ${s.productsPerShop} products a shop, 10 sponsored shops, 4 shops in 5 naming their state, 2 in 5 rated (1 to 40 ratings), and about 1 in 16 a verified seller (1 in 20 phone verified, 1 in 100 bank name matched, 1 in 200 stall visited). Matches: the answer's \`count\` ("+" when capped) and its sponsored shops.`,
    '',
    '| Database | Shops | Request | Matches | alone p50 ms | alone p95 ms | ' +
      `${s.connections} clients p50 ms | ${s.connections} clients p95 ms | req/s | Errors |`,
    row(['---', '---:', '---', '---', '---:', '---:', '---:', '---:', '---:', '---:']),
    ...report.cases.flatMap((c) =>
      c.requests.map((r) =>
        row([
          c.database,
          count(c.shops),
          `\`${r.path}\` (${r.note})`,
          r.matches,
          r.alone.latencyMs.p50,
          r.alone.latencyMs.p95,
          r.loaded.latencyMs.p50,
          r.loaded.latencyMs.p95,
          r.loaded.requestsPerSecond,
          r.alone.errors + r.loaded.errors,
        ]),
      ),
    ),
    '',
    `## Target: search p95 ≤ ${report.targetP95Ms} ms`,
    '',
    ...report.cases.map(
      (c) => `- ${c.database}, ${count(c.shops)} shops: one client ${verdict(report, c, 'alone')}; ${s.connections} clients ${verdict(report, c, 'loaded')}.`,
    ),
    '',
    '## Data',
    '',
    row(['Database', 'Where', 'Shops', 'Products', 'Ratings', 'Database size, MB', 'Seeding, s']),
    row(['---', '---', '---:', '---:', '---:', '---:', '---:']),
    ...report.cases.map((c) => row([c.database, c.source, count(c.shops), count(c.products), count(c.ratings), c.databaseSizeMb, c.seedSeconds])),
    '',
  ].join('\n');
}
