import { readdirSync, readFileSync } from 'node:fs';

/** This process's children as pid → command line, from /proc (Linux). */
function children(): Map<number, string> {
  const found = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === process.pid) found.set(Number(entry), readFileSync(`/proc/${entry}/cmdline`, 'utf8'));
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

/**
 * The pids of the two servers `startProduct` runs as this process's children (it does not hand them
 * out): the API runs `server/main.ts`, the web tier is the other one, whatever serves it.
 */
export function productPids(): { api: number; web: number } {
  const all = [...children()];
  const api = all.find(([, command]) => command.includes('server/main.ts'))?.[0];
  // Started with our own node binary; tsx's esbuild service is a child of ours too, and is not.
  const web = all.find(([pid, command]) => pid !== api && command.split('\0')[0] === process.execPath)?.[0];
  if (api === undefined || web === undefined) throw new Error('the API and web tier processes were not found among our children');
  return { api, web };
}

/** Resident memory of a process now and its peak since it started (VmHWM), in MB. */
export function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) => Math.round(Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024);
  return { rss: mb('VmRSS'), peak: mb('VmHWM') };
}
