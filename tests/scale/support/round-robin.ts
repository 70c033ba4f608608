import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type RoundRobin = { url: string; close(): Promise<void> };

/**
 * The smallest load balancer: each request goes to the next of `targets` in turn, headers and body
 * untouched, as a proxy in front of several instances would spread them. A target that cannot be
 * reached gets the request answered 502.
 */
export async function startRoundRobin(targets: string[]): Promise<RoundRobin> {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((request, response) => {
    const target = new URL(targets[next % targets.length]!);
    next += 1;
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: request.headers, agent },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (response.headersSent) response.destroy();
      else response.writeHead(502).end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
