import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** /proc counts CPU time in clock ticks of 1/100 s (USER_HZ) on Linux. */
const MS_PER_TICK = 10;

function read(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined; // The process ended between the listing and the read.
  }
}

/**
 * The processes whose command line names `entry` (a bundle's file name, such as `web-server.js`) and
 * which were started with `variable=value` (a web tier's workers inherit its PORT): one product's server
 * among several on the machine, whichever checkout built it.
 */
export function processesOf(entry: string, variable: string, value: number | string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) =>
      read(`/proc/${pid}/cmdline`)
        ?.split('\0')
        .some((arg) => arg.endsWith(entry)),
    )
    .filter((pid) => read(`/proc/${pid}/environ`)?.split('\0').includes(`${variable}=${value}`))
    .map(Number);
}

/** User and system CPU time the processes have used so far, in ms; one that has ended counts nothing. */
export function cpuMs(pids: number[]): number {
  return pids.reduce((sum, pid) => {
    const stat = read(`/proc/${pid}/stat`);
    if (!stat) return sum;
    const [utime, stime] = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .slice(11, 13)
      .map(Number);
    return sum + (utime! + stime!) * MS_PER_TICK;
  }, 0);
}

/**
 * Keeps the measured processes on the last core and everything else named here on the others, so the
 * load generator and the API take no turns from them: their CPU time per request is then the code's
 * own, not the neighbours'. Needs two cores or more and `taskset` (util-linux).
 */
export function pinApart(measured: number[], others: number[]): void {
  // The machine's cores, not the ones this process may use (a pinned one sees only its own).
  const last = cpus().length - 1;
  if (last < 1) throw new Error('pinning needs two cores or more');
  const pin = (cpus: string, pid: number) => execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
  for (const pid of measured) pin(String(last), pid);
  for (const pid of others) pin(`0-${last - 1}`, pid);
}
