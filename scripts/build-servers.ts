/** `npm run build`'s second step: the API and the web server as plain JavaScript (scripts/lib/server-bundles.ts). */
import { SERVER_BUNDLES } from './lib/product';
import { bundleServers } from './lib/server-bundles';

await bundleServers(SERVER_BUNDLES);
