/** `npm run build`'s second step: the API and the web server as plain JavaScript (scripts/lib/server-bundles.ts). */
import { API_ENTRY, IMAGE_WORKER_ENTRY, ROOT, WEB_SERVER } from './lib/product';
import { bundleServers } from './lib/server-bundles';

await bundleServers({ root: ROOT, api: API_ENTRY, imageWorker: IMAGE_WORKER_ENTRY, webServer: WEB_SERVER });
