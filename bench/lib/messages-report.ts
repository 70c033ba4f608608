import type { MessageSeed } from './bulk-messages';
import type { LoadResult } from './load';
import type { machine } from './report';

type DataSet = { database: string; source: string; seed: MessageSeed; databaseSizeMb: number };

export type ReadCase = { path: string; note: string; people: string; alone: LoadResult; loaded: LoadResult };

export type SendRun = {
  connections: number;
  seconds: number;
  senders: number;
  result: LoadResult;
  /** Every answer of the run, warm-up included, by status. */
  statuses: Record<string, number>;
  /** Messages the database holds beyond the seeded ones, once the API has stopped. */
  stored: number;
  newThreads: number;
  threadsOutOfStep: number;
};

export type MessagesReport = {
  date: string;
  machine: ReturnType<typeof machine>;
  settings: { connections: number; seconds: number; warmupSeconds: number };
  targets: { aloneP95Ms: number; loadedP95Ms: number; sendsPerSecond: number };
  reads: (DataSet & { requests: ReadCase[] }) | null;
  sends: (DataSet & { run: SendRun }) | null;
};

const count = (n: number) => n.toLocaleString('en');
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

function readVerdict(requests: ReadCase[], which: 'alone' | 'loaded', target: number): string {
  const worst = requests.reduce((a, b) => (b[which].latencyMs.p95 > a[which].latencyMs.p95 ? b : a));
  const met = worst[which].latencyMs.p95 <= target && requests.every((r) => r[which].errors === 0);
  return `${met ? 'met' : 'NOT met'}: slowest p95 ${worst[which].latencyMs.p95} ms (\`${worst.path}\`, ${worst.note})`;
}

function sendVerdict(run: SendRun, target: number): string {
  const answered201 = run.statuses['201'] ?? 0;
  const fast = run.result.requestsPerSecond >= target && run.result.errors === 0;
  const whole = run.stored === answered201 && run.threadsOutOfStep === 0;
  return [
    `${fast ? 'met' : 'NOT met'}: ${run.result.requestsPerSecond} messages/s with ${run.connections} connections, ${run.result.errors} errors.`,
    `${whole ? 'met' : 'NOT met'}: ${count(answered201)} answers 201, ${count(run.stored)} new messages in the database, ${run.threadsOutOfStep} threads whose last message or read marks disagree with their messages.`,
  ].join(' ');
}

const dataRow = (d: DataSet) =>
  row([d.database, d.source, count(d.seed.buyers), count(d.seed.shops), count(d.seed.threads), count(d.seed.messages), d.databaseSizeMb, d.seed.ms / 1000]);

export function messagesMarkdown(report: MessagesReport): string {
  const { machine: m, settings: s, targets: t, reads, sends } = report;
  const lines = [
    `# Messages benchmark, ${report.date}`,
    '',
    `Machine: ${m.cpus} cores (${m.cpuModel}), ${m.memoryGb} GB memory, Node ${m.node}, ${m.os}; load average ${m.loadAverageAtStart} at start.`,
    'The API runs as in production (the bundle `build/api/main.js`) in its own process; the load comes from the same machine. ' +
      'Each request carries the access token of one of many seeded people, in turn, so no answer is one person’s row read again and again.',
  ];
  if (reads) {
    lines.push(
      '',
      `## Reading, ${reads.database}`,
      '',
      `Each request: one client alone (next request when the last answers), then ${s.connections} clients at once, ${s.seconds} s each after a ${s.warmupSeconds} s warm-up.`,
      '',
      row(['Request', 'Who', 'alone p50 ms', 'alone p95 ms', `${s.connections} clients p50 ms`, `${s.connections} clients p95 ms`, 'req/s', 'Errors']),
      row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:']),
      ...reads.requests.map((r) =>
        row([
          `\`${r.path}\` (${r.note})`,
          r.people,
          r.alone.latencyMs.p50,
          r.alone.latencyMs.p95,
          r.loaded.latencyMs.p50,
          r.loaded.latencyMs.p95,
          r.loaded.requestsPerSecond,
          r.alone.errors + r.loaded.errors,
        ]),
      ),
      '',
      `Targets: p95 ≤ ${t.aloneP95Ms} ms with one client, ≤ ${t.loadedP95Ms} ms with ${s.connections}.`,
      '',
      `- One client: ${readVerdict(reads.requests, 'alone', t.aloneP95Ms)}.`,
      `- ${s.connections} clients: ${readVerdict(reads.requests, 'loaded', t.loadedP95Ms)}.`,
    );
  }
  if (sends) {
    const r = sends.run;
    lines.push(
      '',
      `## Sending, ${sends.database}`,
      '',
      `${r.connections} connections for ${r.seconds} s after a ${s.warmupSeconds} s warm-up, ${count(r.senders)} buyers in turn (the limit on messages a minute is per person: one reached would show as 429s below): ` +
        'every other message a reply in the buyer’s thread (`POST /threads/{id}/messages`), the others to a shop (`POST /shops/{id}/messages`, ' +
        `which opened ${count(r.newThreads)} new threads). Then the API stops and the database is read directly.`,
      '',
      row(['Messages/s', 'p50 ms', 'p95 ms', 'p99 ms', 'Answers by status (warm-up included)']),
      row(['---:', '---:', '---:', '---:', '---']),
      row([
        r.result.requestsPerSecond,
        r.result.latencyMs.p50,
        r.result.latencyMs.p95,
        r.result.latencyMs.p99,
        Object.entries(r.statuses)
          .map(([status, n]) => `${status}: ${count(n)}`)
          .join(', '),
      ]),
      '',
      `Targets: ≥ ${t.sendsPerSecond} messages/s, and every message answered 201 stored.`,
      '',
      `- ${sendVerdict(r, t.sendsPerSecond)}`,
    );
  }
  lines.push(
    '',
    '## Data',
    '',
    'Seeded set-based (`bench/lib/bulk-messages.ts`): who writes to whom is skewed, so a few buyers, shops and threads are far busier than the rest; each thread’s last message and read marks are kept as sending keeps them.',
    '',
    row(['Database', 'Where', 'Buyers', 'Shops', 'Threads', 'Messages', 'Database size, MB', 'Seeding, s']),
    row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:']),
    ...[reads, sends].flatMap((d) => (d ? [dataRow(d)] : [])),
    '',
  );
  return lines.join('\n');
}
