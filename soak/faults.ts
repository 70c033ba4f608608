/**
 * soak:faults — the API killed with SIGKILL in the middle of product batches and shop creations
 * (SOAK_KILLS times, default 20) on PGlite and on a throwaway PostgreSQL cluster, then the provider
 * stopped, hanging and slow behind the web tier. Writes soak/results/faults-*.
 */
import { machine } from '#bench/lib/report.ts';
import { BUYER_THREADS } from './lib/api-messages';
import { type CrashReport, killRounds } from './lib/kill-rounds';
import { makePhotos } from './lib/photos';
import { startCluster } from './lib/postgres';
import { type ProviderReport, providerFaults } from './lib/provider-faults';
import { numberFromEnv, row, writeResults } from './lib/report';

const kills = Math.round(numberFromEnv('SOAK_KILLS', 20));
const only = process.env.SOAK_ONLY ?? '';

function crashMarkdown(report: CrashReport): string[] {
  const midRequest = report.rounds.filter((round) => round.answered.batch === null || round.answered.shop === null).length;
  const removed = report.rounds.reduce((sum, round) => sum + (round.sweep?.removedFolders ?? 0), 0);
  const restarts = report.rounds
    .map((round) => round.restartMs)
    .filter((ms) => ms >= 0)
    .sort((a, b) => a - b);
  return [
    `## SIGKILL during uploads, ${report.database}`,
    '',
    `Each round sends a batch of 5 products with photos and a new shop with a photo at once (${report.calibrationMs} ms together when nothing goes wrong), ` +
      `and meanwhile ${BUYER_THREADS * 2} messages into ${BUYER_THREADS} threads (one from each buyer and one from the shop in each, at random moments within that time), ` +
      `kills the API with SIGKILL 10–95 % of the way through, starts it again on the same data and checks it: ` +
      "every message answered 201 is in its thread, and each thread's newest message is the one the shop's inbox shows, unread exactly when the buyer wrote it. " +
      `${report.rounds.length} rounds; in ${midRequest} the kill came before at least one answer. ` +
      `Restart to healthy: median ${restarts[Math.floor(restarts.length / 2)] ?? '?'} ms, max ${restarts[restarts.length - 1] ?? '?'} ms. ` +
      `The start sweep removed ${removed} orphan image folders in all.`,
    '',
    row([
      'Round',
      'Kill after ms',
      'Batch answer',
      'Shop answer',
      'Folders written',
      'Swept folders',
      'Batch rows',
      'Shop rows',
      'Messages answered 201',
      'Stored unanswered',
      'Lost',
      'Restart ms',
      'Problems',
    ]),
    row(['---:', '---:', '---', '---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---']),
    ...report.rounds.map((r) =>
      row([
        r.round,
        r.killAfterMs,
        r.answered.batch ?? 'killed',
        r.answered.shop ?? 'killed',
        r.foldersAtKill,
        r.sweep?.removedFolders ?? '?',
        r.found.batchRows,
        r.found.shopRows,
        r.messages ? `${r.messages.answered} of ${r.messages.sent}` : '?',
        r.messages?.storedUnanswered ?? '?',
        r.messages?.lost ?? '?',
        r.restartMs,
        r.problems.join('; ') || 'none',
      ]),
    ),
    '',
    report.final
      ? `Afterwards, the API stopped and its database opened directly: ${report.final.rows.users} users, ${report.final.rows.shops} shops, ` +
        `${report.final.rows.products} products, ${report.final.files} files on disk, each named by a row and each row's files present; ` +
        `${report.final.threadsOutOfStep} threads whose last message or read marks disagree with their messages; ` +
        `amcheck (\`bt_index_check\` with heapallindexed) passed on ${report.final.indexesChecked} indexes; ${report.final.imagesServed} images served whole by the API.`
      : 'The run stopped before the final checks.',
    ...(report.problems.length ? ['', `**Problems (${report.problems.length})**:`, ...report.problems.map((problem) => `- ${problem}`)] : []),
    '',
  ];
}

function providerMarkdown(report: ProviderReport): string[] {
  return [
    '## The provider stopped, hanging or slow',
    '',
    "The whole product with the web tier's PROVIDER_URL pointing at a small proxy in front of the API. Modes: **down** (nothing listens, as when the API is stopped), " +
      '**hang** (requests read and never answered), **slow** (every answer ' +
      report.slowDelayMs / 1000 +
      ' s late). Each check is a browser without JavaScript; ' +
      '"within" is the web tier\'s own timeout for that call plus a margin.',
    '',
    row(['Mode', 'Check', 'Status', 'ms', 'Within ms', 'Shows', 'Result']),
    row(['---', '---', '---:', '---:', '---:', '---', '---']),
    ...report.checks.map((check) => row([check.mode, check.name, check.status ?? 'none', check.ms, check.budgetMs, check.shows, check.problem ?? 'ok'])),
    '',
  ];
}

async function main() {
  const host = machine();
  const date = new Date().toISOString();
  console.log(`soak:faults: ${kills} kills per database; load average ${host.loadAverageAtStart}`);
  const photos = await makePhotos();
  const crashes: CrashReport[] = [];
  const skipped: string[] = [];

  if (!only || only === 'pglite') crashes.push(await killRounds({ database: 'pglite', rounds: kills, photos }));
  if (!only || only === 'postgres') {
    const cluster = await startCluster();
    if ('unavailable' in cluster) {
      skipped.push(`PostgreSQL skipped: ${cluster.unavailable}.`);
      console.log(skipped[skipped.length - 1]);
    } else {
      try {
        crashes.push(await killRounds({ database: 'postgres', databaseUrl: cluster.url, rounds: kills, photos }));
      } finally {
        cluster.stop();
      }
    }
  }
  const provider = !only || only === 'provider' ? await providerFaults(photos) : null;

  const problems = [
    ...crashes.flatMap((crash) => crash.problems),
    ...(provider?.checks.filter((c) => c.problem).map((c) => `${c.mode} ${c.name}: ${c.problem}`) ?? []),
  ];
  const report = { date, machine: host, settings: { kills }, crashes, provider, skipped, problems };
  const markdown = [
    `# soak:faults, ${date}`,
    '',
    `Machine: ${host.cpus} cores (${host.cpuModel}), ${host.memoryGb} GB, Node ${host.node}; load average ${host.loadAverageAtStart} at start. ` +
      `PostgreSQL is a throwaway cluster with fsync on. ${skipped.join(' ')}`,
    '',
    `**${problems.length} problems.**`,
    '',
    ...crashes.flatMap(crashMarkdown),
    ...(provider ? providerMarkdown(provider) : []),
  ].join('\n');
  console.log(markdown);
  console.log(`Written to ${writeResults(only ? `faults-${only}` : 'faults', report, markdown)}`);
  process.exitCode = problems.length ? 1 : 0;
}

main().catch((error) => {
  console.error('soak:faults failed:', error);
  process.exit(1);
});
