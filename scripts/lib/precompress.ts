import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

// Text compresses several times over; images and fonts are compressed already. Below 1 KB the framing eats the gain.
const TEXT = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/;
export const MIN_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Writes a .br and a .gz copy beside every text file of `dir`, at the highest levels. */
export async function precompressFolder(dir: string): Promise<void> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && TEXT.test(entry.name)).map((entry) => path.join(entry.parentPath, entry.name));
  await Promise.all(
    files.map(async (file) => {
      const raw = await readFile(file);
      if (raw.length < MIN_BYTES) return;
      await writeFile(`${file}.br`, await brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      await writeFile(`${file}.gz`, await gzip(raw, { level: 9 }));
    }),
  );
}

/**
 * The client build's files compressed once, at build time, so the web server (sirv, in
 * web-server/static-files.ts) sends them without compressing anything per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'kasuwa-precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      outDir = path.resolve(config.root, config.environments.client?.build.outDir ?? config.build.outDir);
    },
    async closeBundle() {
      await precompressFolder(outDir);
    },
  };
}
