import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, isLoopbackOrigin, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoIfEmpty } from './db/seed';
import { sweepOrphanMedia } from './media/orphan-sweep';
import { sweepSpooledUploads } from './plugins/multipart';

/** Starts the provider API: configuration, database and migrations, demo data, then listening. */
async function main() {
  const config = loadConfig();
  const startedAt = new Date();
  const database = await openDatabase(config);
  await database.migrate();
  const app = await buildApp({ config, database });
  if (config.seedDemo) await seedDemoIfEmpty(database.db, app.storage, app.log);
  await app.listen({ port: config.apiPort, host: config.host });
  if (config.paystack.simulated) {
    // Only PAYSTACK_SIMULATOR=1 lets a public site start this way: say so where whoever runs it looks.
    const level = isLoopbackOrigin(config.webUrl) ? 'info' : 'warn';
    app.log[level]('Payments are simulated: checkouts go to the built-in Paystack simulator and nobody is charged.');
  }
  // After listening: files left by a crash are garbage, not a reason to keep the site down while they go.
  sweepOrphanMedia(database.db, path.join(config.dataDir, 'media'), startedAt).then(
    (result) => app.log.info(result, 'orphan media sweep done'),
    (error: unknown) => app.log.error({ err: error }, 'orphan media sweep failed'),
  );
  sweepSpooledUploads(app.uploadSpool, startedAt).then(
    (removed) => app.log.info({ removed }, 'left-over uploads removed'),
    (error: unknown) => app.log.error({ err: error }, 'removing left-over uploads failed'),
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The API could not start:', error);
  }
  process.exit(1);
});
