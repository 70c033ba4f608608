/** What one soak run saw: every action's time, and every failure with enough detail to find it again. */

export type Failure = { kind: string; what: string; status?: number; detail: string; atMs: number };

export type LatencySummary = { count: number; p50: number; p95: number; p99: number; max: number };

function percentile(sorted: number[], fraction: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

function summarise(values: number[]): LatencySummary {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms);
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 0.5)),
    p95: round(percentile(sorted, 0.95)),
    p99: round(percentile(sorted, 0.99)),
    max: round(sorted[sorted.length - 1] ?? 0),
  };
}

export class Recorder {
  readonly startedAt = Date.now();
  private readonly times = new Map<string, number[]>();
  readonly failures: Failure[] = [];
  /** HTTP requests sent, redirects and images included. */
  requests = 0;

  took(kind: string, ms: number): void {
    const list = this.times.get(kind) ?? [];
    list.push(ms);
    this.times.set(kind, list);
  }

  failed(failure: Omit<Failure, 'atMs'>): void {
    this.failures.push({ ...failure, atMs: Date.now() - this.startedAt });
  }

  latencies(): Record<string, LatencySummary> {
    return Object.fromEntries([...this.times].sort(([a], [b]) => a.localeCompare(b)).map(([kind, values]) => [kind, summarise(values)]));
  }

  /** Failures counted by kind and cause, for the report's table. */
  failureCounts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const failure of this.failures) {
      const key = `${failure.kind}: ${failure.status ?? 'no answer'} ${failure.detail.slice(0, 80)}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  }
}
