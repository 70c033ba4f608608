/**
 * The web tier's process, bundled (scripts/lib/server-bundles.ts) and started by the launcher
 * (scripts/lib/product.ts) as `node build/web-tier/web-server.js build/server/index.js` with PORT and
 * HOST. With WEB_WORKERS above 1 it is the primary of that many worker processes
 * (workers.ts), each running the same server.
 */
import cluster from 'node:cluster';

async function main() {
  // React chooses its production or development build when first imported, so the mode is set before
  // anything imports it: this server only ever serves the production build.
  process.env.NODE_ENV = 'production';
  const buildFile = process.argv[2];
  if (!buildFile) throw new Error('Usage: node build/web-tier/web-server.js build/server/index.js');
  const { WebConfigError, readWebEnv } = await import('#app/lib/env.server.ts');
  const { parsePort } = await import('#scripts/lib/parse-port.ts');
  const port = parsePort(process.env.PORT, 3000, 'PORT');
  const host = process.env.HOST || undefined;

  let env: ReturnType<typeof readWebEnv>;
  try {
    // In the primary first, so a bad value is reported once rather than by every worker.
    env = readWebEnv(process.env);
  } catch (error) {
    if (!(error instanceof WebConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  if (cluster.isPrimary) {
    const workers = env.webWorkers;
    if (workers > 1) {
      const { runWorkers } = await import('./workers');
      runWorkers(workers, () => console.log(`Kasuwa web tier on http://${host ?? 'localhost'}:${port} (${workers} processes)`));
      return;
    }
  }
  const { startWebServer } = await import('./server');
  await startWebServer(buildFile, port, host, env);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
