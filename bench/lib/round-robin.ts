import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type RoundRobin = { url: string; close(): Promise<void> };

/**
 * The smallest load balancer: each request goes to the next of `targets` in turn, headers and body
 * untouched. Like nginx and Caddy, a GET or HEAD whose target fails before answering (a connection
 * refused or reset) goes to the next target once; otherwise the request is answered 502.
 */
export async function startRoundRobin(targets: string[], port = 0): Promise<RoundRobin> {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true });
  const forward = (request: http.IncomingMessage, response: http.ServerResponse, triesLeft: number) => {
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
      else if (triesLeft > 0 && !response.destroyed) forward(request, response, triesLeft - 1);
      else response.writeHead(502).end();
    });
    if (request.method === 'GET' || request.method === 'HEAD') upstream.end();
    else request.pipe(upstream);
  };
  const server = http.createServer((request, response) => forward(request, response, request.method === 'GET' || request.method === 'HEAD' ? 1 : 0));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
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
