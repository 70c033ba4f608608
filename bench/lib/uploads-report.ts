import type { MemoryPeaks } from './memory-sampler';
import type { machine } from './report';

export type UploadRun = {
  route: 'api' | 'web';
  /** HTTP status → how many batches got it: 201 from the API, 302 (to the "added" page) from the web tier. */
  statuses: Record<string, number>;
  seconds: number;
  slowestAnswerSeconds: number;
  memory: MemoryPeaks;
  /** Batches answered as saved; the others got an error the owner sees (the web tier's 30 s limit, say). */
  batchesSaved: number;
  /** Products of the saved batches. */
  productsExpected: number;
  productsFound: number;
  /** Refused batches that left products behind anyway (should be none). */
  halfBatches: number;
  /** Image files checked: each product's JPEG and its WebP variants. */
  files: number;
  unreadable: string[];
};

export type UploadCase = { database: string; runs: UploadRun[] };

export type UploadReport = {
  date: string;
  label: string;
  machine: ReturnType<typeof machine>;
  settings: { owners: number; products: number; photoBytes: number };
  targetPeakMb: number;
  cases: UploadCase[];
};

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const ROUTE_NAMES = { api: 'API batch endpoint', web: 'web add-products form' };

/** Work an answer said was saved but that is missing or unreadable, or a refused batch that left half of itself. */
function lost(run: UploadRun): number {
  return run.productsExpected - run.productsFound + run.unreadable.length + run.halfBatches;
}

function verdict(report: UploadReport, run: UploadRun, owners: number): string {
  const over = Object.entries(run.memory).filter(([, m]) => m.peakMb >= report.targetPeakMb);
  const memory = over.length ? `NOT met: ${over.map(([name, m]) => `${name} ${m.peakMb} MB`).join(', ')}` : 'met';
  const refused = owners - run.batchesSaved;
  const saving = lost(run) ? `NOT met: ${lost(run)} products, files or half batches lost` : 'nothing lost';
  return `memory ${memory}; ${saving}${refused ? `; ${refused} of ${owners} batches refused with an error the owner sees (to send again)` : ''}`;
}

export function uploadsMarkdown(report: UploadReport): string {
  const { machine: m, settings: s } = report;
  const runs = report.cases.flatMap((c) => c.runs.map((run) => ({ database: c.database, run })));
  return [
    `# Upload benchmark, ${report.date}${report.label ? ` (${report.label})` : ''}`,
    '',
    `Machine: ${m.cpus} cores (${m.cpuModel}), ${m.memoryGb} GB memory, Node ${m.node}, ${m.os}; load average ${m.loadAverageAtStart} at start.`,
    "The product runs as `npm start` starts it (`scripts/lib/product.ts`: the API with MALLOC_ARENA_MAX=2 and MALLOC_MMAP_THRESHOLD_=131072, which its image worker, where the photos are decoded and encoded, inherits; the web tier's production build).",
    `${s.owners} owners each send one batch of ${s.products} products at the same moment, every photo a ${(s.photoBytes / 1024 ** 2).toFixed(2)} MB, 4000×3000 JPEG.`,
    "Memory: peak resident set of each Node process (sampled every 100 ms and the kernel's high-water mark); PostgreSQL: peak of the summed proportional set size of the postmaster and all its backends.",
    'Afterwards every product is listed through the API and every image file (JPEG and each WebP variant) is downloaded and decoded. Lost: products of a batch answered as saved that are missing or unreadable, plus refused batches that left products behind.',
    '',
    row([
      'Database',
      'Route',
      'Answers',
      'Total s',
      'Slowest answer s',
      'Peak memory, MB (before)',
      'Products stored / answered as saved',
      'Files read',
      'Lost',
    ]),
    row(['---', '---', '---', '---:', '---:', '---', '---:', '---:', '---:']),
    ...runs.map(({ database, run }) =>
      row([
        database,
        ROUTE_NAMES[run.route],
        Object.entries(run.statuses)
          .map(([status, n]) => `${n}× ${status}`)
          .join(', '),
        run.seconds,
        run.slowestAnswerSeconds,
        Object.entries(run.memory)
          .map(([name, mem]) => `${name} ${mem.peakMb} (${mem.beforeMb})`)
          .join('; '),
        `${run.productsFound}/${run.productsExpected}`,
        run.files - run.unreadable.length,
        lost(run),
      ]),
    ),
    '',
    `## Target: every process under ${report.targetPeakMb} MB, nothing lost`,
    '',
    ...runs.map(({ database, run }) => `- ${database}, ${ROUTE_NAMES[run.route]}: ${verdict(report, run, s.owners)}.`),
    ...runs.flatMap(({ run }) => run.unreadable.slice(0, 5).map((problem) => `  - unreadable: ${problem}`)),
    '',
  ].join('\n');
}
