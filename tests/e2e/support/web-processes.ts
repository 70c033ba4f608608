import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, WEB_SERVER } from '#scripts/lib/product.ts';

const WEB_MARKER = path.relative(ROOT, WEB_SERVER);

/**
 * The pids of the web tier serving `webUrl` (its primary and every worker), from /proc: the processes
 * running the web server whose PORT is that address's. The same set before and after shows that no
 * worker died (one replaced has a new pid), whatever else runs on the machine.
 */
export function webProcesses(webUrl: string): number[] {
  const port = `PORT=${new URL(webUrl).port}`;
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(WEB_MARKER)) continue;
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(port)) found.push(Number(entry));
    } catch {
      // Gone already, or someone else's.
    }
  }
  return found.sort((a, b) => a - b);
}

/** The upload folders the web tier holds in `dataDir` for requests not yet answered. */
export function uploadsLeft(dataDir: string): string[] {
  const folder = path.join(dataDir, 'tmp', 'uploads');
  return existsSync(folder) ? readdirSync(folder) : [];
}
