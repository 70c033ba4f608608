import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { freePort } from '#scripts/lib/product.ts';

const REDIS_SERVER = '/usr/bin/redis-server';
export const REDIS_MISSING = `${REDIS_SERVER} is missing: install Debian's redis-server (apt-get install redis-server), as .ci/run does`;

export type RedisServer = { url: string; port: number; stop(): Promise<void> };

async function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('error', () => resolve(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
  });
}

/** Debian's redis-server on a free port, in memory only (nothing saved), stopped with the test. */
export async function startRedisServer(port?: number): Promise<RedisServer> {
  const chosen = port ?? (await freePort());
  const child = spawn(REDIS_SERVER, ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const exited = once(child, 'exit');
  for (let waited = 0; !(await answers(chosen)); waited += 50) {
    if (child.exitCode !== null || waited > 10_000) throw new Error(`redis-server did not start on port ${chosen}`);
    await delay(50);
  }
  return {
    url: `redis://127.0.0.1:${chosen}`,
    port: chosen,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

export const redisServerInstalled = () => existsSync(REDIS_SERVER);
