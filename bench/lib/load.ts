import { Pool } from 'undici';

export type LoadResult = {
  requests: number;
  errors: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
};

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * `connections` clients each send the next request as soon as the last one answers (a closed loop, like
 * autocannon), first for a warm-up that is not counted, then for `durationMs`. A request counts as an
 * error unless it answers 200. Each request carries a parameter of its own (`_`), which the API ignores,
 * so the API's one-second memory of public lists never answers: the figures are the query's own.
 */
export async function measureGet(origin: string, path: string, options: { connections: number; durationMs: number; warmupMs: number }): Promise<LoadResult> {
  const pool = new Pool(origin, { connections: options.connections });
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;

  async function run(untilMs: number, record: boolean) {
    while (performance.now() < untilMs) {
      const started = performance.now();
      try {
        sent += 1;
        const response = await pool.request({ path: `${path}${path.includes('?') ? '&' : '?'}_=${sent}`, method: 'GET' });
        await response.body.arrayBuffer();
        if (!record) continue;
        if (response.statusCode === 200) latencies.push(performance.now() - started);
        else errors += 1;
      } catch {
        if (record) errors += 1;
      }
    }
  }

  const clients = (untilMs: number, record: boolean) => Promise.all(Array.from({ length: options.connections }, () => run(untilMs, record)));
  try {
    await clients(performance.now() + options.warmupMs, false);
    const started = performance.now();
    await clients(started + options.durationMs, true);
    const elapsedS = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      requests: latencies.length,
      errors,
      requestsPerSecond: round(latencies.length / elapsedS),
      latencyMs: {
        p50: round(percentile(latencies, 50)),
        p95: round(percentile(latencies, 95)),
        p99: round(percentile(latencies, 99)),
        max: round(latencies.at(-1) ?? NaN),
      },
    };
  } finally {
    await pool.close();
  }
}
