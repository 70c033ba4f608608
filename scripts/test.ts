import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { nodeRelease } from './lib/node-release';
import { buildIfStale, ROOT } from './lib/product';

type Outcome = {
  runner: string;
  hasTests: boolean;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
  problem?: string;
  /** The failed tests, named again in the summary: a long run's output may be cut before them. */
  failures?: string[];
};

const CHROMIUM = '/usr/bin/chromium';
const VITEST = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');

/** Runs a command with its output on our terminal, or appended to `outputFile` when runs share the terminal. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env, outputFile?: string): Promise<number> {
  return new Promise((resolve) => {
    const output = outputFile ? openSync(outputFile, 'a') : 'inherit';
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', output, output] });
    if (typeof output === 'number') closeSync(output);
    child.once('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve(127);
    });
    // 'exit', not 'close': a server a test left behind must not keep this script waiting on a shared pipe.
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

async function ensureChromium(): Promise<string | undefined> {
  if (existsSync(CHROMIUM)) return undefined;
  console.log(`\n${CHROMIUM} is missing; installing Debian's chromium for the end-to-end tests.`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if ((await run('apt-get', ['update'], env)) !== 0) return 'apt-get update failed';
  if ((await run('apt-get', ['install', '-y', 'chromium'], env)) !== 0) return 'apt-get install chromium failed';
  return existsSync(CHROMIUM) ? undefined : `${CHROMIUM} is still missing after the install`;
}

type VitestJson = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; status: string; message?: string; assertionResults: { status: string; fullName: string; failureMessages?: string[] }[] }[];
};

function failuresOf(counts: VitestJson): string[] {
  const firstLine = (text = '') => text.trim().split('\n')[0]?.slice(0, 200) ?? '';
  return counts.testResults.flatMap((file) => {
    const where = path.relative(ROOT, file.name);
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    if (file.status === 'failed' && !failed.length) return [`${where}: ${firstLine(file.message)}`];
    return failed.map((test) => `${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  });
}

/**
 * Runs vitest on `projects` and reads its counts. `quiet`: the output is kept in a file and printed
 * whole when the run ends, so two runs at the same time do not interleave their lines.
 */
async function runVitest(
  runner: string,
  projects: string[],
  env: NodeJS.ProcessEnv,
  options: { quiet?: boolean; workers?: number; node?: string; filters?: string[] } = {},
): Promise<Outcome> {
  const { quiet = false, workers, node = process.execPath, filters = [] } = options;
  if (!quiet) console.log(`\n=== ${runner} ===`);
  const started = Date.now();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-vitest-'));
  const report = path.join(dir, 'report.json');
  const outputFile = quiet ? path.join(dir, 'output.txt') : undefined;
  try {
    const code = await run(
      node,
      [
        VITEST,
        'run',
        ...projects.flatMap((project) => ['--project', project]),
        // tests/unit or tests/api may be empty while people work; that is 0 tests, not a broken run.
        '--passWithNoTests',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
        ...(workers ? [`--maxWorkers=${workers}`] : []),
        ...filters,
      ],
      env,
      outputFile,
    );
    if (outputFile) console.log(`\n=== ${runner} ===\n${await readFile(outputFile, 'utf8')}`);
    const seconds = (Date.now() - started) / 1000;
    let counts: VitestJson;
    try {
      counts = JSON.parse(await readFile(report, 'utf8')) as VitestJson;
    } catch {
      return { runner, hasTests: true, passed: 0, failed: 0, skipped: 0, seconds, problem: `vitest exited with code ${code} and wrote no report` };
    }
    const outcome: Outcome = {
      runner,
      hasTests: true,
      passed: counts.numPassedTests,
      // A file that fails to load runs no test, yet it is a failure of its own.
      failed:
        counts.numFailedTests +
        counts.testResults.filter((file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed')).length,
      skipped: counts.numPendingTests + counts.numTodoTests,
      seconds,
      failures: failuresOf(counts),
    };
    // A failing global setup or an unhandled error fails the run without failing a test.
    if (code !== 0 && outcome.failed === 0) outcome.problem = `vitest exited with code ${code} (an error outside the tests; see above)`;
    return outcome;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `npm run build`, or with `ifStale` only what is older than its sources (scripts/lib/product.ts). */
async function runBuild(ifStale = false): Promise<Outcome> {
  const runner = ifStale ? 'web build (if stale)' : 'web build';
  console.log(`\n=== ${runner} ===`);
  const started = Date.now();
  const outcome: Outcome = { runner, hasTests: false, passed: 0, failed: 0, skipped: 0, seconds: 0 };
  if (ifStale) {
    try {
      console.log((await buildIfStale()) ? 'Built.' : 'Up to date.');
    } catch (error) {
      outcome.problem = (error as Error).message;
    }
  } else {
    const code = await run('npm', ['run', 'build']);
    if (code !== 0) outcome.problem = `npm run build exited with code ${code}`;
  }
  outcome.seconds = (Date.now() - started) / 1000;
  return outcome;
}

function withoutDatabaseUrl(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  delete env.DATABASE_URL;
  return env;
}

/**
 * The e2e project twice at the same time, JavaScript on and off, after the build. Each mode starts its own
 * product on its own ports and data; neither keeps two cores busy, so side by side is the quicker way.
 */
async function runE2e(build: Outcome, chromiumProblem: string | undefined, filters: string[] = []): Promise<Outcome[]> {
  const e2eProblem = chromiumProblem ?? (build.problem ? 'not run: the web build failed' : undefined);
  console.log('\n=== e2e, JavaScript on and off side by side (each prints its output when it ends) ===');
  const e2eRuns = (['on', 'off'] as const).map((mode) => {
    const runner = `e2e (JavaScript ${mode})`;
    if (e2eProblem) return Promise.resolve<Outcome>({ runner, hasTests: true, passed: 0, failed: 0, skipped: 0, seconds: 0, problem: e2eProblem });
    return runVitest(runner, ['e2e'], withoutDatabaseUrl({ E2E_JS: mode }), { quiet: true, filters });
  });
  return Promise.all(e2eRuns);
}

/** Everything: `npm test`. */
async function allSuites(): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const chromiumProblem = await ensureChromium();

  // vitest keeps a core free by default; these suites have the machine to themselves.
  const workers = os.availableParallelism();
  outcomes.push(await runVitest('unit + api (PGlite)', ['unit', 'api'], withoutDatabaseUrl(), { workers }));
  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  if (testDatabaseUrl) {
    outcomes.push(await runVitest('api (PostgreSQL)', ['api'], { ...process.env, DATABASE_URL: testDatabaseUrl }, { workers }));
  }

  // The newer LTS lines run the quick unit project; the API suite runs on Node 20, as deployed (docs/decisions/066-node-lines-in-ci.md).
  for (const major of [22, 24]) {
    const runner = `unit (Node ${major})`;
    try {
      outcomes.push(await runVitest(runner, ['unit'], withoutDatabaseUrl(), { workers, node: await nodeRelease(major) }));
    } catch (error) {
      outcomes.push({ runner, hasTests: true, passed: 0, failed: 0, skipped: 0, seconds: 0, problem: (error as Error).message });
    }
  }

  const build = await runBuild();
  outcomes.push(build, ...(await runE2e(build, chromiumProblem)));

  // Several API instances sharing PostgreSQL (TEST_DATABASE_URL, or a throwaway cluster), Redis and a bucket;
  // skipped, saying why, when Debian's redis-server or postgresql is missing.
  outcomes.push(await runVitest('scale (two APIs and two web tiers on shared services)', ['scale'], withoutDatabaseUrl()));
  return outcomes;
}

/** `npm run test:e2e [files or filters]`: the build only if stale, then both JavaScript modes. */
async function e2eOnly(filters: string[]): Promise<Outcome[]> {
  const chromiumProblem = await ensureChromium();
  // Built here once, before the two runs start: each run's own setup would otherwise build at the same time.
  const build = await runBuild(true);
  return [build, ...(await runE2e(build, chromiumProblem, filters))];
}

function printSummary(outcomes: Outcome[]): number {
  // A runner that broke counts as one failure, so the closing line can never read as a clean run.
  const failedOf = (outcome: Outcome) => outcome.failed + (outcome.problem ? 1 : 0);
  const width = Math.max(...outcomes.map((outcome) => outcome.runner.length));
  console.log('\nSummary');
  for (const outcome of outcomes) {
    const counts = outcome.hasTests
      ? `${outcome.passed} passed, ${outcome.failed} failed${outcome.skipped ? `, ${outcome.skipped} skipped` : ''}`
      : outcome.problem
        ? 'failed'
        : 'ok';
    const problem = outcome.problem ? ` — ${outcome.problem}` : '';
    console.log(`  ${outcome.runner.padEnd(width)}  ${counts}  (${outcome.seconds.toFixed(1)} s)${problem}`);
    for (const failure of outcome.failures ?? []) console.log(`    ✗ ${failure}`);
  }
  const passed = outcomes.reduce((sum, outcome) => sum + outcome.passed, 0);
  const failed = outcomes.reduce((sum, outcome) => sum + failedOf(outcome), 0);
  console.log(`${passed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

async function main(): Promise<number> {
  const [suite, ...filters] = process.argv.slice(2);
  if (suite === undefined) return printSummary(await allSuites());
  if (suite === 'e2e') return printSummary(await e2eOnly(filters));
  console.error(`Unknown suite "${suite}". Usage: scripts/test.ts [e2e [files or filters]]`);
  return 2;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
