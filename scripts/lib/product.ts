import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { inSeconds, restartBackoff } from './restart-backoff';
import { bundleServers, type ServerBundles } from './server-bundles';

/** The repository's top folder: children run there so relative paths (`./data`, `public/`) mean the same for all. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

type Tier = 'api' | 'web' | 'build';
export type LogLine = (tier: Tier, line: string) => void;

/** Writes a child's line to our terminal with its tier in front, so two servers' logs stay readable side by side. */
const terminalLog: LogLine = (tier, line) => {
  process.stdout.write(`[${tier}] ${line}\n`);
};

const SERVER_BUILD = path.join(ROOT, 'build', 'server', 'index.js');
/** The API, bundled from `server/main.ts`; its path also finds its process. */
export const API_ENTRY = path.join(ROOT, 'build', 'api', 'main.js');
/** The API's image worker, bundled beside it (server/media/image-worker-client.ts); its path also finds its process. */
export const IMAGE_WORKER_ENTRY = path.join(ROOT, 'build', 'api', 'image-worker.js');
/**
 * The web tier's server (static files, security headers, compression, React Router), bundled from
 * `web-server/main.ts`; its path also finds its processes.
 */
export const WEB_SERVER = path.join(ROOT, 'build', 'web-tier', 'web-server.js');
/** What `npm run build` and the launcher bundle, and where. */
export const SERVER_BUNDLES: ServerBundles = { root: ROOT, api: API_ENTRY, imageWorker: IMAGE_WORKER_ENTRY, webServer: WEB_SERVER };
// Whatever `react-router build` reads: a change to any of these makes the old build stale.
const WEB_INPUTS = ['app', 'rules', 'settings', 'public', 'package.json', 'package-lock.json', 'react-router.config.ts', 'vite.config.ts'];
// Whatever the server bundles are made from (the web server also imports app/lib).
const SERVER_INPUTS = ['server', 'web-server', 'rules', 'settings', 'scripts', path.join('app', 'lib'), 'package.json', 'package-lock.json'];

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stats.mtimeMs);
}

/** True when an output is missing or older than the newest of `inputs` (walked once for all outputs). */
function isStale(outputs: string[], inputs: string[]): boolean {
  if (!outputs.every((output) => existsSync(output))) return true;
  const builtAt = Math.min(...outputs.map((output) => statSync(output).mtimeMs));
  return inputs.some((input) => newestChange(path.join(ROOT, input)) > builtAt);
}

function pipeLines(child: ChildProcess, tier: Tier, log: LogLine): void {
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
      if (line.trim() !== '') log(tier, line);
    });
  }
}

type Exit = { code: number | null; signal: NodeJS.Signals | null };

function exitOf(child: ChildProcess): Promise<Exit> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
}

function describeExit({ code, signal }: Exit): string {
  return signal ? `was stopped by ${signal}` : `exited with code ${code}`;
}

/** Builds the web tier (`react-router build`) and resolves when the build has succeeded. */
async function buildWeb(log: LogLine = terminalLog): Promise<void> {
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules', '@react-router', 'dev', 'bin.js'), 'build'], {
    cwd: ROOT,
    // Under vitest NODE_ENV is "test", which would bundle React's development build into the product.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  pipeLines(child, 'build', log);
  const exit = await exitOf(child);
  if (exit.code !== 0) throw new Error(`The web build ${describeExit(exit)}.`);
}

/** Bundles the API and the web server when their sources changed since. */
export async function buildServersIfStale(): Promise<boolean> {
  if (!isStale([API_ENTRY, IMAGE_WORKER_ENTRY, WEB_SERVER], SERVER_INPUTS)) return false;
  await bundleServers(SERVER_BUNDLES);
  return true;
}

/** Builds whatever is older than its sources: the web tier's production build and the server bundles. */
export async function buildIfStale(log: LogLine = terminalLog): Promise<boolean> {
  const web = isStale([SERVER_BUILD], WEB_INPUTS);
  if (web) await buildWeb(log);
  const servers = await buildServersIfStale();
  return web || servers;
}

/** Fails with a clear message when something already listens on `port`: a second copy must not answer our health checks. */
export async function ensurePortFree(port: number, variable: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE' ? new Error(`Port ${port} is already in use (is Kasuwa already running?). Set ${variable} to use another port.`) : error,
      ),
    );
    probe.listen(port, () => probe.close(() => resolve()));
  });
}

/** A port nothing listens on right now, chosen by the system. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

type Server = { tier: 'api' | 'web'; label: string; child: ChildProcess; exited: Promise<Exit> };

function startServer(tier: 'api' | 'web', label: string, args: string[], env: NodeJS.ProcessEnv, log: LogLine): Server {
  // Each server leads its own process group: a terminal's Ctrl-C then reaches only the launcher, which
  // forwards it exactly once (the web server stops at once on a second SIGINT), and stopping the group
  // also stops anything a server started.
  const child = spawn(process.execPath, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  pipeLines(child, tier, log);
  return { tier, label, child, exited: exitOf(child) };
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function signalGroupOf(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (!hasExited(child)) signalGroupOf(child.pid, signal);
}

async function answersHealthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
    const body: unknown = await response.json();
    return response.ok && typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'ok';
  } catch {
    return false;
  }
}

const diedBeforeReady = (server: Server, exit: Exit) => new Error(`The ${server.label} ${describeExit(exit)} before it was ready.`);

async function waitUntilHealthy(server: Server, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exit: Exit | undefined;
  void server.exited.then((value) => (exit = value));
  while (!(await answersHealthy(url))) {
    if (exit) throw diedBeforeReady(server, exit);
    if (Date.now() > deadline) throw new Error(`The ${server.label} did not answer ${url}/healthz within ${Math.round(timeoutMs / 1000)} s.`);
    await delay(250);
  }
}

export type ProductOptions = {
  webPort: number;
  apiPort: number;
  /** The environment both servers share; PORT and API_PORT are set from the ports above. */
  env: NodeJS.ProcessEnv;
  log?: LogLine;
  readyTimeoutMs?: number;
};

export type RunningProduct = {
  /** Where a browser on this machine reaches each tier. */
  webUrl: string;
  apiUrl: string;
  /** Where scripts on this machine reach the API: the address its health checks use. */
  localApiUrl: string;
  /**
   * Resolves once both servers answer `GET /healthz`; rejects (after stopping both) if either dies or
   * stays silent too long before that. From then on a server that dies is started again, until `stop`.
   */
  ready: Promise<void>;
  /** Forwards `signal` to both servers, waits for them, and kills what is still running after `graceMs`. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
  /** Kills both servers at once; safe to call from a process 'exit' handler. */
  kill(): void;
};

// Health checks go over loopback unless the servers were told to listen on one particular address.
function probeHost(host: string | undefined): string {
  if (!host || host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * glibc's defaults hold much more of what is freed under concurrency: what sharp's image libraries free during
 * uploads in the API (its image worker inherits them), the threads' arenas in the web tier. A value set by the
 * operator still wins; the Dockerfile sets the same.
 */
export const MALLOC_SETTINGS = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

/**
 * Under an old-generation limit below its own (a quarter of the machine's memory), V8 grows the heap in smaller
 * steps before it collects, alike on any machine; a smaller young generation holds fewer dead response buffers
 * between collections. The workers inherit both; the Dockerfile gives them too.
 */
export const WEB_HEAP_FLAGS = ['--max-old-space-size=384', '--max-semi-space-size=8'];

/** A server the product keeps running: the process of the moment, and the timer of a restart to come. */
type Supervised = { current: Server; restart?: NodeJS.Timeout };

/**
 * Starts the API and the web tier's production build as child processes (see `ready`). Once both have
 * been ready, one that dies, whatever the reason, is started again after a backoff
 * (scripts/lib/restart-backoff.ts): a death before that is a bad setting or build, which would only die again.
 */
export function startProduct(options: ProductOptions): RunningProduct {
  const log = options.log ?? terminalLog;
  const env: NodeJS.ProcessEnv = { ...options.env, PORT: String(options.webPort), API_PORT: String(options.apiPort) };
  let healing = false;
  let stopping = false;

  const supervise = (tier: 'api' | 'web', label: string, args: string[], serverEnv: NodeJS.ProcessEnv): Supervised => {
    const backoff = restartBackoff();
    const run = (): Server => {
      const server = startServer(tier, label, args, serverEnv, log);
      server.child.once('exit', (code, signal) => {
        if (!healing || stopping) return;
        // What it had started (the web workers, the image worker) goes with it, rather than linger or hold the port.
        signalGroupOf(server.child.pid, 'SIGKILL');
        const delayMs = backoff.delayAfterDeath();
        log(tier, `The ${label} ${describeExit({ code, signal })}; starting it again in ${inSeconds(delayMs)}.`);
        supervised.restart = setTimeout(() => {
          supervised.restart = undefined;
          supervised.current = run();
        }, delayMs);
      });
      return server;
    };
    const supervised: Supervised = { current: run() };
    return supervised;
  };
  const servers = [
    supervise('api', 'API', [API_ENTRY], { ...MALLOC_SETTINGS, ...env }),
    supervise('web', 'web tier', [...WEB_HEAP_FLAGS, WEB_SERVER, SERVER_BUILD], { ...MALLOC_SETTINGS, ...env }),
  ];
  const [api, web] = servers.map((server) => server.current) as [Server, Server];
  const host = probeHost(env.HOST);

  const stopRestarts = () => {
    stopping = true;
    for (const server of servers) clearTimeout(server.restart);
  };
  const kill = () => {
    stopRestarts();
    for (const server of servers) signalGroup(server.current.child, 'SIGKILL');
  };
  const stop = async (signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000) => {
    stopRestarts();
    const running = servers.map((server) => server.current);
    for (const server of running) signalGroup(server.child, signal);
    const allExited = Promise.all(running.map((server) => server.exited));
    if ((await Promise.race([allExited, delay(graceMs, 'late' as const, { ref: false })])) !== 'late') return;
    for (const server of running) {
      if (!hasExited(server.child)) log(server.tier, `did not stop within ${graceMs / 1000} s; killing it`);
    }
    kill();
    await allExited;
  };

  // A first start migrates and seeds the demo's photos before the API answers: minutes on a small, busy machine.
  const timeoutMs = options.readyTimeoutMs ?? 180_000;
  const localApiUrl = `http://${host}:${options.apiPort}`;
  const ready = Promise.all([waitUntilHealthy(api, localApiUrl, timeoutMs), waitUntilHealthy(web, `http://${host}:${options.webPort}`, timeoutMs)])
    .then(() => {
      // One that answered and then died while the other was still starting never made the product ready.
      const dead = [api, web].find((server) => hasExited(server.child));
      if (dead) throw diedBeforeReady(dead, { code: dead.child.exitCode, signal: dead.child.signalCode });
      healing = true;
    })
    .catch(async (error: unknown) => {
      if (!stopping) await stop('SIGTERM', 5_000);
      throw error;
    });

  return {
    webUrl: `http://localhost:${options.webPort}`,
    apiUrl: `http://localhost:${options.apiPort}`,
    localApiUrl,
    ready,
    stop,
    kill,
  };
}
