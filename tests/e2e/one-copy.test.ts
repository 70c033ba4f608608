import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe } from 'vitest';
import { ROOT } from '#scripts/lib/product.ts';
import { expect, jsMode, plainHttp, test } from './support/browser';

/**
 * A web process loads two bundles: the host's (web-server/main.ts, by esbuild) and the server build
 * (the app with its site, by Vite). A module in both would run twice in one process, each copy with its
 * own state, as the provider's connection pool and the page memory once did. Read from the files the
 * build wrote, so it holds for what runs.
 */
describe.runIf(plainHttp)(`the web tier's two bundles (JavaScript ${jsMode})`, () => {
  test('share no module: the host holds none of the app, its cache or the React Router it bundles', async () => {
    const host = JSON.parse(await readFile(path.join(ROOT, 'build', 'web-tier', 'modules.json'), 'utf8')) as { sources: string[]; packages: string[] };
    const site = JSON.parse(await readFile(path.join(ROOT, 'build', 'server', 'modules.json'), 'utf8')) as string[];

    expect(site).toContain('web-server/cache/site-cache.ts');
    expect(site).toContain('app/root.tsx');
    expect(host.sources).toContain('web-server/http/server.ts');
    expect(host.sources.filter((source) => site.includes(source))).toEqual([]);
    const bundledPackages = new Set(
      site
        .filter((id) => id.startsWith('node_modules/'))
        .map((id) =>
          id
            .split('/')
            .slice(1, id.startsWith('node_modules/@') ? 3 : 2)
            .join('/'),
        ),
    );
    expect([...bundledPackages].sort()).toEqual(['@react-router/node', 'react-router']);
    expect(host.packages.filter((name) => bundledPackages.has(name) || name.startsWith('react'))).toEqual([]);
    expect(host.sources.filter((source) => source.startsWith('app/'))).toEqual([]);
  });
});
