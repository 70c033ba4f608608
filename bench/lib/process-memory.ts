import { readdirSync, readFileSync } from 'node:fs';

/** Resident memory of one process now and its peak since it started, in MB, from /proc (Linux). */
export function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) => Math.round(Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024);
  return { rss: mb('VmRSS'), peak: mb('VmHWM') };
}

/**
 * The pid of this process's child whose command line contains `marker` (e.g. `server/main.ts`):
 * `startProduct` does not hand out pids, and /proc names every child by its parent.
 */
export function childPid(marker: string): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== process.pid) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker)) return Number(entry);
    } catch {
      // The process ended while we looked.
    }
  }
  throw new Error(`no child process runs ${marker}`);
}

/** Samples each pid's resident memory every `everyMs` until stopped; returns the highest seen, in MB. */
export function sampleRss(pids: Record<string, number>, everyMs = 100) {
  const peaks: Record<string, number> = Object.fromEntries(Object.keys(pids).map((name) => [name, 0]));
  const sample = () => {
    for (const [name, pid] of Object.entries(pids)) peaks[name] = Math.max(peaks[name]!, memoryMb(pid).rss);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peaks;
    },
  };
}
