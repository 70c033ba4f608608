import autocannon from 'autocannon';

export type ThroughputResult = {
  requestsPerSecond: number;
  requests: number;
  errors: number;
  non2xx: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
};

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * One autocannon run (closed loop: each connection sends its next request when the last one answers).
 * Latencies are recorded per response, because autocannon's own summary has no p95.
 */
export async function loadTest(url: string, options: { connections: number; seconds: number; headers: Record<string, string> }): Promise<ThroughputResult> {
  const latencies: number[] = [];
  const instance = autocannon({ url, connections: options.connections, duration: options.seconds, headers: options.headers });
  instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: Math.round(result['2xx'] / options.seconds),
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.at(-1) ?? NaN),
    },
  };
}
