import { ConfigError, loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { backfillImages } from './backfill';
import { openStorage } from './open-storage';

/**
 * `npm run media:backfill`: AVIF copies and colours for photos stored before they existed (see backfill.ts).
 * On the embedded database, stop the API first: PGlite serves one process at a time.
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  const started = performance.now();
  try {
    await database.migrate();
    const result = await backfillImages(database.db, await openStorage(config.storage), (key, done) => {
      if (!done) console.error(`Could not read ${key}; it keeps the copies it has.`);
    });
    console.log(
      `${result.images} photos given AVIF copies and a colour in ${((performance.now() - started) / 1000).toFixed(1)} s; ${result.failed} could not be read.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
