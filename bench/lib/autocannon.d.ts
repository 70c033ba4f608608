// autocannon ships no types; this covers the part the benchmarks use.
declare module 'autocannon' {
  type Options = { url: string; connections: number; duration: number; headers?: Record<string, string> };
  type Result = { requests: { total: number; average: number }; errors: number; timeouts: number; non2xx: number; '2xx': number };
  type Instance = Promise<Result> & {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void): void;
  };
  function autocannon(options: Options): Instance;
  export default autocannon;
}
