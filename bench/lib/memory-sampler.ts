import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { API_ENTRY, IMAGE_WORKER_ENTRY, ROOT, WEB_SERVER } from '#scripts/lib/product.ts';

function statusKb(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
}

/** Proportional set size: a shared page counts once across the processes sharing it, so a tree's sum is honest. */
function pssKb(pid: number): number {
  try {
    return Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0; // The process ended between the listing and the read.
  }
}

function parentOf(pid: string): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** `root` and every process below it (PostgreSQL's postmaster forks a backend per connection). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = parentOf(entry);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // Gone already.
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i += 1) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/**
 * A process to watch: by pid; a whole tree by its root's pid (summed PSS); or a role (`find`) filled by
 * whichever process holds it at each sample, such as the API's image worker, which comes and goes.
 */
export type MemoryTarget = { name: string; pid: number; tree?: boolean } | { name: string; find: () => number | undefined };
type ProcessTarget = { name: string; pid: number };
export type MemoryPeaks = Record<string, { beforeMb: number; peakMb: number }>;

const pidOf = (target: MemoryTarget) => ('find' in target ? target.find() : target.pid);
const isTree = (target: MemoryTarget) => 'tree' in target && target.tree === true;

/** The resident memory of the target's process `pid`, or its tree's summed PSS, in MB; 0 for a role nobody holds. */
function currentMb(target: MemoryTarget, pid: number | undefined): number {
  if (pid === undefined) return 0;
  if (!isTree(target)) return statusKb(pid, 'VmRSS') / 1024;
  return processTree(pid).reduce((sum, member) => sum + pssKb(member), 0) / 1024;
}

const round = (mb: number) => Math.round(mb);

/**
 * Samples each target every `everyMs` until `stop()`. For a single process the kernel's own high-water
 * mark (VmHWM) also counts when it rose meanwhile, so a spike between two samples is not missed; a
 * process that appeared meanwhile lived entirely in the window, so its whole high-water mark counts.
 */
export function sampleMemory(targets: MemoryTarget[], everyMs = 100) {
  // Per target, each process seen and its high-water mark when first seen (0: it started in the window).
  const marks = new Map(targets.map((target) => [target.name, new Map<number, number>()]));
  /** The target's memory now; a process seen for the first time is remembered with its high-water mark. */
  const measure = (target: MemoryTarget, atStart: boolean) => {
    // Once per sample: a role's process is found by reading every process in /proc.
    const pid = pidOf(target);
    const seen = marks.get(target.name)!;
    if (!isTree(target) && pid !== undefined && !seen.has(pid)) seen.set(pid, atStart ? statusKb(pid, 'VmHWM') : 0);
    return currentMb(target, pid);
  };
  const before = new Map(targets.map((target) => [target.name, measure(target, true)]));
  const peaks = new Map(before);
  const sample = () => {
    for (const target of targets) {
      try {
        peaks.set(target.name, Math.max(peaks.get(target.name)!, measure(target, false)));
      } catch {
        // A process that ended keeps its last peak.
      }
    }
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop(): MemoryPeaks {
      clearInterval(timer);
      sample();
      const result: MemoryPeaks = {};
      for (const target of targets) {
        let peak = peaks.get(target.name)!;
        for (const [pid, mark] of marks.get(target.name)!) {
          try {
            const now = statusKb(pid, 'VmHWM');
            if (now > mark) peak = Math.max(peak, now / 1024);
          } catch {
            // Ended: the sampled peak stands.
          }
        }
        result[target.name] = { beforeMb: round(before.get(target.name)!), peakMb: round(peak) };
      }
      return result;
    },
  };
}

/** The processes directly below `parent` whose command line holds `marker`. */
export function childrenRunning(parent: number, marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (parentOf(entry) === parent && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker)) found.push(Number(entry));
    } catch {
      // Gone already.
    }
  }
  return found;
}

export const API_MARKER = path.relative(ROOT, API_ENTRY);
export const IMAGE_WORKER_MARKER = path.relative(ROOT, IMAGE_WORKER_ENTRY);
export const WEB_MARKER = path.relative(ROOT, WEB_SERVER);

/**
 * The product's servers below this process (`startProduct` hands out no pids), one memory target each:
 * the API, its image worker while it runs, and the web tier's process or, with WEB_WORKERS above 1, its
 * primary and every worker.
 */
export function productProcesses(): { api: ProcessTarget; imageWorker: MemoryTarget; web: ProcessTarget[] } {
  const [api] = childrenRunning(process.pid, API_MARKER);
  const [web] = childrenRunning(process.pid, WEB_MARKER);
  if (api === undefined || web === undefined) throw new Error('the API and web tier processes were not found among our children');
  const workers = childrenRunning(web, WEB_MARKER);
  return {
    api: { name: 'API', pid: api },
    imageWorker: { name: 'image worker', find: () => childrenRunning(api, IMAGE_WORKER_MARKER)[0] },
    web: workers.length
      ? [{ name: 'web primary', pid: web }, ...workers.map((pid, index) => ({ name: `web ${index + 1}`, pid }))]
      : [{ name: 'web', pid: web }],
  };
}

/** A process's resident memory now and its peak since it started (VmHWM), in MB. */
export function memoryMb(pid: number): { rss: number; peak: number } {
  return { rss: round(statusKb(pid, 'VmRSS') / 1024), peak: round(statusKb(pid, 'VmHWM') / 1024) };
}
