import path from 'node:path';
import { DEMO_OWNER } from '#server/db/demo-owner.ts';
import { defaultLogFormat } from '#settings/log-format.server.ts';
import { parsePort } from './lib/parse-port';
import { buildIfStale, ensurePortFree, startProduct } from './lib/product';

/**
 * Whether the demo owner can sign in: the API seeds the demo only into an empty database, so one that
 * held anything else has no demo account, and a demo account's password may have been changed since.
 */
async function demoLoginWorks(apiUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${apiUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username_or_email: DEMO_OWNER.username, password: DEMO_OWNER.password }),
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/** Where the API leaves mail when no SMTP server is set: DATA_DIR/outbox/, as server/config.ts resolves it. */
function outboxDir(): string {
  const outbox = path.resolve(process.env.DATA_DIR?.trim() || 'data', 'outbox');
  const here = path.relative(process.cwd(), outbox);
  return `${here.startsWith('..') || path.isAbsolute(here) ? outbox : here}${path.sep}`;
}

async function main(): Promise<number> {
  const webPort = parsePort(process.env.PORT, 3000, 'PORT');
  const apiPort = parsePort(process.env.API_PORT, 8000, 'API_PORT');
  await ensurePortFree(webPort, 'PORT');
  await ensurePortFree(apiPort, 'API_PORT');

  if (await buildIfStale()) console.log('Kasuwa built.');

  // The servers print into our pipes, so they cannot see the terminal: they are told (settings/log-format.server.ts).
  const product = startProduct({ webPort, apiPort, env: { ...process.env, LOG_FORMAT: process.env.LOG_FORMAT || defaultLogFormat() } });
  // Last resort if this launcher dies unexpectedly: never leave the servers running without it.
  process.on('exit', product.kill);

  // One listener per signal for the launcher's whole life: removing one would let a second Ctrl-C
  // arriving at that moment kill the launcher with the servers still stopping.
  let stoppingSince: number | undefined;
  const signalled = new Promise<NodeJS.Signals>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      process.on(signal, () => {
        if (stoppingSince === undefined) {
          stoppingSince = Date.now();
          resolve(signal);
          return;
        }
        // The same Ctrl-C can arrive twice, from the terminal and forwarded by npm; only a later one forces.
        if (Date.now() - stoppingSince < 1000) return;
        product.kill();
        process.exit(1);
      });
    }
  });
  const stopOn = async (signal: NodeJS.Signals) => {
    console.log(`\nStopping Kasuwa… (${signal === 'SIGINT' ? 'press Ctrl-C again' : 'signal again'} to force)`);
    await product.stop(signal);
    console.log('Kasuwa stopped.');
  };

  const startup = await Promise.race([
    product.ready.then(
      () => 'ready' as const,
      (error: unknown) => error as Error,
    ),
    signalled,
  ]);
  if (startup instanceof Error) {
    console.error(`\nKasuwa could not start: ${startup.message} Its log is above.`);
    return 1;
  }
  if (startup !== 'ready') {
    await stopOn(startup);
    return 0;
  }

  const demo = await demoLoginWorks(product.localApiUrl);
  console.log(
    [
      '',
      'Kasuwa is running:',
      `  Web  ${product.webUrl}`,
      `  API  ${product.apiUrl}  (reference: ${product.apiUrl}/openapi.json)`,
      ...(demo ? [`  Demo owner  username ${DEMO_OWNER.username} or email ${DEMO_OWNER.email}, password ${DEMO_OWNER.password}`] : []),
      ...(process.env.PAYSTACK_SECRET_KEY ? [] : ['  Payments  simulated: nobody is charged (PAYSTACK_SECRET_KEY takes real ones)']),
      ...(process.env.SMTP_URL?.trim() ? [] : [`  Emails  saved as .eml files in ${outboxDir()} (SMTP_URL sends them)`]),
      '  Moderators  npm run moderator -- grant <email> (docs/deploying.md#moderators)',
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );

  // A server that dies from now on is started again (startProduct); only a signal stops the product.
  await stopOn(await signalled);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
