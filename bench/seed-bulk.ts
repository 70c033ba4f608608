import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { openStorage } from '#server/media/open-storage.ts';
import { seedBulk } from './lib/bulk-seed';
import { progressBar } from './lib/progress';

const USAGE = 'Usage: npm run seed:bulk -- --shops 10000 [--products-per-shop 3]';

/** `npm run seed:bulk -- --shops N`: adds N generated shops to the configured database, for benchmarks. */
function options() {
  const { values } = parseArgs({ options: { shops: { type: 'string' }, 'products-per-shop': { type: 'string', default: '3' } } });
  const shops = Number(values.shops);
  const productsPerShop = Number(values['products-per-shop']);
  if (!Number.isInteger(shops) || shops < 1 || !Number.isInteger(productsPerShop) || productsPerShop < 0) {
    console.error(USAGE);
    process.exit(2);
  }
  return { shops, productsPerShop };
}

async function main() {
  const { shops, productsPerShop } = options();
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const bar = progressBar('shops');
    const summary = await seedBulk(database.db, await openStorage(config.storage), {
      shops,
      productsPerShop,
      onProgress: bar.update,
    });
    bar.done();
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    console.log(
      `Added ${summary.shops} shops, ${summary.products} products and ${summary.ratings} ratings to ${where} in ${(summary.ms / 1000).toFixed(1)} s.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
