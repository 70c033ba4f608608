import { secretInDataDir } from '#settings/data-dir-secrets.server.ts';
import { buildApp } from './app';
import { purgeEndedLogins } from './auth/sessions';
import { removeBackupLeftovers } from './backup/work-folder';
import { ConfigError, checkEnv, isLoopbackOrigin, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoIfEmpty } from './db/seed';
import { secretsInDatabase } from './db/shared-secrets';
import { startPeriodicJobs } from './jobs/periodic';
import { sweepCutoff, sweepOrphanMedia } from './media/orphan-sweep';
import { announceAdminEndpoint } from './moderation/admin-endpoint';
import { sendRenewalReminders } from './payments/renewal-reminders';
import { sweepSpooledUploads } from './plugins/multipart';
import { purgeOldVisits } from './shops/visits';

const HOUR = 60 * 60_000;

async function main() {
  const { databaseUrl, dataDir } = checkEnv(process.env);
  const startedAt = new Date();
  const database = await openDatabase({ databaseUrl, dataDir });
  await database.migrate();
  // Several instances on one PostgreSQL must sign and check alike.
  const shared = databaseUrl ? await secretsInDatabase(database.db, (name) => secretInDataDir(dataDir, name)) : undefined;
  const config = loadConfig(process.env, shared);
  const app = await buildApp({ config, database });
  if (config.seedDemo) await database.exclusively('kasuwa:seed', () => seedDemoIfEmpty(database.db, app.storage, app.log));
  // Before listening: a backup asked for at once must find its work folder left alone.
  await removeBackupLeftovers(dataDir).catch((error: unknown) => app.log.error({ err: error }, 'removing what a stopped backup left failed'));
  await app.listen({ port: config.apiPort, host: config.host });
  const throughApi = database.kind === 'pglite' || config.storage.kind === 'disk';
  const forgetAdminEndpoint = throughApi ? announceAdminEndpoint(dataDir, config.apiPort) : () => {};
  if (config.paystack.simulated) {
    // Only PAYSTACK_SIMULATOR=1 lets a public site start this way: say so where whoever runs it looks.
    const level = isLoopbackOrigin(config.webUrl) ? 'info' : 'warn';
    app.log[level]('Payments are simulated: checkouts go to the built-in Paystack simulator and nobody is charged.');
  }
  // After listening: what a crash left is garbage, not a reason to keep the site down while it goes.
  const jobs = startPeriodicJobs(
    database,
    [
      { name: 'orphan media sweep', everyMs: HOUR, run: () => sweepOrphanMedia(database.db, app.storage, sweepCutoff(app.storage, startedAt, new Date())) },
      { name: 'ended logins purge', everyMs: HOUR, run: () => purgeEndedLogins(database.db) },
      { name: 'old visits purge', everyMs: 5 * 60_000, run: () => purgeOldVisits(database.db, app.clock()) },
      { name: 'ad renewal reminders', everyMs: 15 * 60_000, run: () => sendRenewalReminders(app) },
    ],
    app.log,
  );
  // This instance's own folder: nobody else's uploads are there.
  sweepSpooledUploads(app.uploadSpool, startedAt).then(
    (removed) => app.log.info({ removed }, 'left-over uploads removed'),
    (error: unknown) => app.log.error({ err: error }, 'removing left-over uploads failed'),
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: no new connections; finishing the requests in flight');
    // Requests still running after the grace are cut off, so that a rolling deploy always moves on.
    const cutOff = setTimeout(() => {
      app.log.warn(`requests still running after ${config.stopGraceMs / 1000} s; closing their connections`);
      app.server.closeAllConnections();
    }, config.stopGraceMs);
    cutOff.unref();
    jobs.stop();
    forgetAdminEndpoint();
    await app.close();
    clearTimeout(cutOff);
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
