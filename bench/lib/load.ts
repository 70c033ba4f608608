import { Pool } from 'undici';

export type LoadResult = {
  requests: number;
  errors: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
};

/** One request of a run: a signed-in one carries its own token, a write its body. */
export type LoadRequest = { path: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string };

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * `connections` clients each send the next request as soon as the last one answers (a closed loop, like
 * autocannon), first for a warm-up that is not timed, then for `durationMs`; `next(n)` makes the n-th
 * request. A request counts as an error unless it answers `okStatus`. `statuses` counts every answer,
 * warm-up included ("none" when the connection failed): what a run that writes must find afterwards.
 */
export async function measureRequests(
  origin: string,
  next: (n: number) => LoadRequest,
  options: { connections: number; durationMs: number; warmupMs: number; okStatus: number },
): Promise<LoadResult & { statuses: Record<string, number> }> {
  const pool = new Pool(origin, { connections: options.connections });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let sent = 0;

  async function run(untilMs: number, record: boolean) {
    while (performance.now() < untilMs) {
      const started = performance.now();
      let status = 'none';
      try {
        sent += 1;
        const request = next(sent);
        const response = await pool.request({ method: 'GET', ...request });
        await response.body.arrayBuffer();
        status = String(response.statusCode);
        if (record && response.statusCode === options.okStatus) latencies.push(performance.now() - started);
      } catch {}
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (record && status !== String(options.okStatus)) errors += 1;
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
      statuses,
    };
  } finally {
    await pool.close();
  }
}

/**
 * GETs of one path answering 200. Each carries a parameter of its own (`_`), which the API ignores, so the
 * API's one-second memory of public lists never answers: the figures are the query's own.
 */
export async function measureGet(origin: string, path: string, options: { connections: number; durationMs: number; warmupMs: number }): Promise<LoadResult> {
  const { statuses: _statuses, ...result } = await measureRequests(origin, (n) => ({ path: `${path}${path.includes('?') ? '&' : '?'}_=${n}` }), {
    ...options,
    okStatus: 200,
  });
  return result;
}
