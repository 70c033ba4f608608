/**
 * The web tier's process: `node --import tsx scripts/web-server.ts build/server/index.js`, started by
 * the launcher (scripts/lib/product.ts) with PORT and HOST.
 */
async function main() {
  // React chooses its production or development build when first imported, so the mode is set before
  // anything imports it: this server only ever serves the production build.
  process.env.NODE_ENV = 'production';
  const { startWebServer } = await import('./web-tier/server');
  const { parsePort } = await import('./lib/product');
  const buildFile = process.argv[2];
  if (!buildFile) throw new Error('Usage: node --import tsx scripts/web-server.ts build/server/index.js');
  await startWebServer(buildFile, parsePort(process.env.PORT, 3000, 'PORT'), process.env.HOST || undefined);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
