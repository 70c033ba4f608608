import { cp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type BuildOptions, build } from 'esbuild';

/** `imageWorker` must lie beside `api`: the API looks for it there (server/media/image-worker-client.ts). */
export type ServerBundles = { root: string; api: string; imageWorker: string; webServer: string };

/**
 * Bundles the API (`server/main.ts`), its image worker and the web tier's server (`web-server/main.ts`)
 * into plain JavaScript, packages left to node_modules: run through `tsx`, every process would carry a
 * second JavaScript engine for the loader hooks, in memory and start-up time.
 */
export async function bundleServers({ root, api, imageWorker, webServer }: ServerBundles): Promise<void> {
  const common: BuildOptions = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  };
  const webServerDir = path.dirname(webServer);
  // Chunks of an earlier build would otherwise pile up beside the new ones.
  await Promise.all([rm(path.dirname(api), { recursive: true, force: true }), rm(webServerDir, { recursive: true, force: true })]);
  await Promise.all([
    // Split too: the S3 driver's SDK is imported only when a bucket is configured, not with every start.
    build({
      ...common,
      entryPoints: { [path.basename(api, '.js')]: path.join(root, 'server', 'main.ts') },
      outdir: path.dirname(api),
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
    }),
    build({ ...common, entryPoints: [path.join(root, 'server', 'media', 'image-worker.ts')], outfile: imageWorker }),
    // The web server sets NODE_ENV before it imports React Router (and so React): split at its dynamic
    // imports, those stay imports that run later instead of being hoisted to the top of one file.
    build({
      ...common,
      entryPoints: { [path.basename(webServer, '.js')]: path.join(root, 'web-server', 'main.ts') },
      outdir: webServerDir,
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      metafile: true,
    }).then(({ metafile }) => {
      // What the host holds and loads, for the test that no module runs twice in a web process (vite.config.ts lists the site's).
      const packages = Object.values(metafile.outputs).flatMap((output) => output.imports.filter((item) => item.external).map((item) => item.path));
      const modules = { sources: Object.keys(metafile.inputs).sort(), packages: [...new Set(packages)].sort() };
      return writeFile(path.join(webServerDir, 'modules.json'), JSON.stringify(modules, null, 1));
    }),
  ]);
  // The migrator reads its SQL files beside the code that names them (server/db/client.ts).
  await cp(path.join(root, 'server', 'db', 'migrations'), path.join(path.dirname(api), 'migrations'), { recursive: true });
}
