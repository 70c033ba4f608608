/** The production host in one process, with Vite as middleware (React Router's node-custom-server template). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'vite';
import type { Site } from '#web-server/site/index.ts';
import { hostLog } from './host-log';
import { HostConfigError, readHostSettings } from './host-settings';
import { startWebServer } from './http/server';

type SiteModule = typeof import('#web-server/site/index.ts');

async function main() {
  process.env.NODE_ENV = 'development';
  let settings: ReturnType<typeof readHostSettings>;
  try {
    settings = readHostSettings(process.env);
  } catch (error) {
    if (!(error instanceof HostConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const log = hostLog(settings);
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  let loaded: { module: SiteModule; site: Site } | undefined;
  const site = async (): Promise<Site> => {
    const module = (await vite.ssrLoadModule('/web-server/site/index.ts')) as SiteModule;
    if (loaded?.module !== module) {
      void loaded?.site.stop();
      loaded = { module, site: module.createSite({ siblings: { tell: async () => {}, onChange: () => {} }, mode: 'development', log }) };
    }
    return loaded.site;
  };
  const staticFiles = (request: IncomingMessage, response: ServerResponse) =>
    new Promise<boolean>((resolve) => {
      response.once('finish', () => resolve(true));
      vite.middlewares(request, response, () => resolve(false));
    });
  await startWebServer({ site, staticFiles, settings: { ...settings, workers: 1 }, log });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
