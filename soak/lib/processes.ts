import { readdirSync, readFileSync } from 'node:fs';

/**
 * The pid of this process's child whose command line contains `marker` (e.g. `server/main.ts`):
 * `startProduct` does not hand out pids, and /proc names every child by its parent (Linux).
 */
export function childPid(marker: string): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === process.pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker)) return Number(entry);
    } catch {
      // The process ended while we looked.
    }
  }
  throw new Error(`no child process runs ${marker}`);
}

/** Resident memory of a process now and its peak since it started (VmHWM), in MB. */
export function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) => Math.round(Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024);
  return { rss: mb('VmRSS'), peak: mb('VmHWM') };
}
