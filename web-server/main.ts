import cluster from 'node:cluster';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { hostLog } from './host-log';
import { HostConfigError, readHostSettings } from './host-settings';

type SiteModule = typeof import('#web-server/site/index.ts');

async function main() {
  // React picks its build when first imported, so the mode is set before anything imports it.
  process.env.NODE_ENV = 'production';
  const buildFile = process.argv[2];
  if (!buildFile) throw new Error('Usage: node build/web-tier/web-server.js build/server/index.js');
  let settings: ReturnType<typeof readHostSettings>;
  try {
    // In the primary first, so a bad value is reported once rather than by every worker.
    settings = readHostSettings(process.env);
  } catch (error) {
    if (!(error instanceof HostConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const { port, host, workers } = settings;
  const log = hostLog(settings);
  if (cluster.isPrimary && workers > 1) {
    const { runWorkers } = await import('./cluster/workers');
    runWorkers(workers, log, () => log.info(`Kasuwa web tier on http://${host ?? 'localhost'}:${port} (${workers} processes)`));
    return;
  }
  const [{ createSite }, { siblingWorkers }, { staticFiles }, { startWebServer }] = await Promise.all([
    import(pathToFileURL(path.resolve(buildFile)).href) as Promise<SiteModule>,
    import('./cluster/sibling-workers'),
    import('./http/static-files'),
    import('./http/server'),
  ]);
  const site = createSite({ siblings: siblingWorkers(), mode: 'production', log });
  await startWebServer({ site: () => site, staticFiles: staticFiles(path.resolve(path.dirname(buildFile), '..', 'client')), settings, log });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
