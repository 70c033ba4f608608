import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './scripts/lib/precompress';

/** The framework and what every page runs, in the root route's chunk: one request instead of four. */
const ROOT_CHUNK =
  /node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\/|app\/root\.tsx|app\/components\/shops\/later-photo-styles\.tsx/;

/** What the shop lists and a shop's pages share, in one file rather than many small ones. */
const PUBLIC_CHUNK =
  /app\/components\/shops\/(responsive-image|shop-card|heart-button|stars|pager|shop-checks)\.tsx|app\/components\/shop\/(page-photo|contact-links|rating-fields|order-control|review-list)\.tsx|app\/components\/ui\/(load-failed|submit-button)\.tsx|app\/lib\/(seo|shop-meta|place|seen|saved\/keep-data-after-saving)\.ts|app\/lib\/i18n\/condition-words\.ts|rules\/(naira|order|whatsapp-greetings)\.ts/;

/**
 * React Router's package exports always select its development build (remix-run/react-router#12532): the
 * built browser bundle and the server build get the production one, smaller and without the development
 * checks that cost each server render. The server build carries it inside (with @react-router/node, which
 * imports it), and the web server takes the request handler from the build, so that one copy runs the app.
 */
function reactRouterProductionBuild(): Plugin {
  const builds: Record<string, string> = {
    'react-router': 'node_modules/react-router/dist/production/index.mjs',
    'react-router/dom': 'node_modules/react-router/dist/production/dom-export.mjs',
  };
  return {
    name: 'kasuwa:react-router-production-build',
    enforce: 'pre',
    apply: 'build',
    resolveId: (id) => (builds[id] ? path.resolve(builds[id]) : undefined),
  };
}

/**
 * Lists the source files the server build holds (`build/server/modules.json`), so a test can show that
 * the web server's own bundle holds none of them: one copy of each module in a process.
 */
function serverModuleList(): Plugin {
  return {
    name: 'kasuwa:server-module-list',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    generateBundle() {
      const root = path.resolve('.');
      const modules = [...this.getModuleIds()].filter((id) => id.startsWith(root)).map((id) => path.relative(root, id.split('?')[0]!));
      this.emitFile({ type: 'asset', fileName: 'modules.json', source: JSON.stringify([...new Set(modules)].sort(), null, 1) });
    },
  };
}

export default defineConfig({
  plugins: [reactRouterProductionBuild(), reactRouter(), precompress(), serverModuleList()],
  // The server build's entry is the web tier's site (web-server/site/index.ts), which holds the app.
  environments: { ssr: { build: { rollupOptions: { input: './web-server/site/index.ts' } } } },
  ssr: { noExternal: ['react-router', '@react-router/node'] },
  build: {
    // Terser's output is smaller than esbuild's: every first visit carries these scripts (docs/decisions/091-lighter-first-visit-scripts.md).
    minify: 'terser',
    rollupOptions: {
      output: {
        // Only tiny chunks are merged: each file costs a phone a request, but larger merges put code in
        // pages that never run it (the form library in the inbox). Merged chunks would be named after
        // whichever module Rollup kept, so they are named by hash only.
        experimentalMinChunkSize: 1_000,
        manualChunks: (id) => (ROOT_CHUNK.test(id) ? 'root' : PUBLIC_CHUNK.test(id) ? 'public' : undefined),
        chunkFileNames: 'assets/shared-[hash].js',
      },
    },
  },
});
