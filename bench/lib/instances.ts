import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import path from 'node:path';
import { freePort, ROOT, startProduct } from '#scripts/lib/product.ts';
import { startRedisServer } from '#tests/support/redis-server.ts';
import { startS3Server } from '#tests/support/s3-server.ts';
import { API_MARKER, childrenRunning, productProcesses, WEB_MARKER } from './memory-sampler';

/** What a benchmark reaches and measures: one product as `npm start` runs it, or several instances behind proxies. */
export type Layout = {
  /** Where the load goes: the web tier, or the proxy in front of the web tiers. */
  webUrl: string;
  apiUrl: string;
  /** The API and web processes, for memory sampling. */
  targets: { name: string; pid: number }[];
  webProcesses: number;
  stop(): Promise<void>;
};

/** Redis and a bucket (s3rver), as every instance of README "Running on several machines" shares them. */
export async function sharedServices() {
  const [redis, s3] = await Promise.all([startRedisServer(), startS3Server()]);
  return {
    env: { ...s3.env, REDIS_URL: redis.url, SESSION_SECRET: randomBytes(32).toString('base64url') },
    stop: () => Promise.all([redis.stop(), s3.stop()]),
  };
}

async function roundRobin(port: number, targets: string[]): Promise<ChildProcess> {
  const child = fork(path.join(ROOT, 'bench', 'lib', 'round-robin-server.ts'), [String(port), ...targets], { execArgv: ['--import', 'tsx'] });
  await once(child, 'message');
  return child;
}

/**
 * `instances` products on this machine (`env` names the database and, beyond one, the shared services):
 * one alone as `npm start` runs it, or that many, each an API and a web tier, with a round-robin proxy in
 * front of the APIs (the web tiers' PROVIDER_URL) and one in front of the web tiers (where the load goes).
 */
export async function startLayout(instances: number, env: NodeJS.ProcessEnv): Promise<Layout> {
  if (instances === 1) {
    const product = startProduct({ webPort: await freePort(), apiPort: await freePort(), env, log: () => {} });
    await product.ready;
    const processes = productProcesses();
    return {
      webUrl: product.webUrl,
      apiUrl: product.apiUrl,
      targets: [...processes.web, processes.api],
      webProcesses: processes.web.length,
      stop: () => product.stop(),
    };
  }
  const ports = async () => Promise.all(Array.from({ length: instances }, () => freePort()));
  const [apiPorts, webPorts, [apiProxyPort, webProxyPort]] = [await ports(), await ports(), await Promise.all([freePort(), freePort()])];
  const local = (port: number) => `http://127.0.0.1:${port}`;
  const proxies = await Promise.all([roundRobin(apiProxyPort!, apiPorts.map(local)), roundRobin(webProxyPort!, webPorts.map(local))]);
  const products = apiPorts.map((apiPort, i) =>
    startProduct({
      webPort: webPorts[i]!,
      apiPort,
      env: { ...env, DATA_DIR: path.join(env.DATA_DIR ?? 'data', `instance-${i + 1}`), PROVIDER_URL: local(apiProxyPort!) },
      log: () => {},
    }),
  );
  const stop = async () => {
    await Promise.all(products.map((product) => product.stop()));
    for (const proxy of proxies) proxy.kill();
  };
  try {
    await Promise.all(products.map((product) => product.ready));
  } catch (error) {
    await stop();
    throw error;
  }
  const apis = childrenRunning(process.pid, API_MARKER).map((pid, i) => ({ name: `API ${i + 1}`, pid }));
  const webs = childrenRunning(process.pid, WEB_MARKER).flatMap((primary, i) => [
    { name: `web ${i + 1} primary`, pid: primary },
    ...childrenRunning(primary, WEB_MARKER).map((pid, j) => ({ name: `web ${i + 1}.${j + 1}`, pid })),
  ]);
  return { webUrl: local(webProxyPort!), apiUrl: local(apiProxyPort!), targets: [...webs, ...apis], webProcesses: webs.length, stop };
}
