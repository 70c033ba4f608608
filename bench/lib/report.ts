import os from 'node:os';
import type { LoadResult } from './load';
import type { UploadResult } from './uploads';

export type CaseResult = {
  database: string;
  shops: number;
  products: number;
  databaseSizeMb: number;
  seedSeconds: number;
  requests: { path: string; note: string; matches: number; result: LoadResult }[];
  uploads: UploadResult;
};

export type BenchReport = {
  date: string;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; os: string; loadAverageAtStart: number };
  settings: { connections: number; seconds: number; warmupSeconds: number; uploadClients: number };
  cases: CaseResult[];
};

export function machine(): BenchReport['machine'] {
  return {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    loadAverageAtStart: Math.round(os.loadavg()[0]! * 10) / 10,
  };
}

const count = (n: number) => n.toLocaleString('en');
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

export function markdown(report: BenchReport): string {
  const { machine: m, settings: s } = report;
  const imageMb = report.cases[0] ? (report.cases[0].uploads.imageBytes / 1024 ** 2).toFixed(2) : '?';
  return [
    `# API benchmark, ${report.date}`,
    '',
    `Machine: ${m.cpus} cores (${m.cpuModel}), ${m.memoryGb} GB memory, Node ${m.node}, ${m.os}; load average ${m.loadAverageAtStart} at start.`,
    `The API runs as in production (\`node --import tsx server/main.ts\`) in its own process on the same machine as the load.`,
    `Each GET: ${s.connections} connections in a closed loop for ${s.seconds} s after a ${s.warmupSeconds} s warm-up. ` +
      `Bulk data: \`npm run seed:bulk\` (3 products a shop, 10 sponsored shops).`,
    '',
    '## GET /shops',
    '',
    row(['Database', 'Shops', 'Request', 'Matches', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'Errors']),
    row(['---', '---:', '---', '---:', '---:', '---:', '---:', '---:', '---:']),
    ...report.cases.flatMap((c) =>
      c.requests.map((r) =>
        row([
          c.database,
          count(c.shops),
          `\`${r.path}\`${r.note ? ` (${r.note})` : ''}`,
          count(r.matches),
          r.result.latencyMs.p50,
          r.result.latencyMs.p95,
          r.result.latencyMs.p99,
          r.result.requestsPerSecond,
          r.result.errors,
        ]),
      ),
    ),
    '',
    `## Memory while ${s.uploadClients} owners each upload a ${imageMb} MB JPEG at once (POST /shops/)`,
    '',
    row(['Database', 'Shops', 'API RSS before, MB', 'API peak RSS, MB', 'Answers', 'Seconds']),
    row(['---', '---:', '---:', '---:', '---', '---:']),
    ...report.cases.map((c) =>
      row([
        c.database,
        count(c.shops),
        c.uploads.rssBeforeMb,
        c.uploads.rssPeakMb,
        Object.entries(c.uploads.statuses)
          .map(([status, n]) => `${n}× ${status}`)
          .join(', '),
        c.uploads.seconds,
      ]),
    ),
    '',
    '## Bulk seeding',
    '',
    row(['Database', 'Shops', 'Products', 'Database size, MB', 'Seconds']),
    row(['---', '---:', '---:', '---:', '---:']),
    ...report.cases.map((c) => row([c.database, count(c.shops), count(c.products), c.databaseSizeMb, c.seedSeconds])),
    '',
  ].join('\n');
}
