import { ConfigError, loadConfig } from '#server/config.ts';
import { openStorage } from '#server/media/open-storage.ts';
import { openDatabase } from './client';
import { DEMO_OWNER } from './demo-owner';
import { seedDemo } from './seed';

/** `npm run seed`: (re)creates the demo shops in the configured database, whether or not it is empty. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const storage = await openStorage(config.storage);
    const summary = await database.exclusively('kasuwa:seed', () => seedDemo(database.db, storage));
    console.log(
      `Demo data ready in ${(summary.ms / 1000).toFixed(1)} s: ${summary.shops} shops (${summary.sponsored} sponsored), ` +
        `${summary.products} products, ${summary.images} images.`,
    );
    console.log(`Sign in as ${DEMO_OWNER.username} / ${DEMO_OWNER.password} (or ${DEMO_OWNER.email}).`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
