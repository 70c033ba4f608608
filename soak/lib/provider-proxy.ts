import http from 'node:http';

/**
 * What the web tier finds at PROVIDER_URL:
 * - `pass`: the API, untouched;
 * - `down`: nothing listens, as when the API is stopped (connection refused);
 * - `hang`: requests are read and never answered (a stuck API or network), optionally only those `hangOnly` picks;
 * - `slow`: every answer comes `delayMs` late but whole.
 */
export type ProxyMode =
  | { kind: 'pass' }
  | { kind: 'down' }
  | { kind: 'hang'; hangOnly?: (method: string, path: string) => boolean }
  | { kind: 'slow'; delayMs: number };

export type ProviderProxy = { url: string; setMode(mode: ProxyMode): Promise<void>; close(): Promise<void> };

export async function startProviderProxy(port: number, apiPort: number): Promise<ProviderProxy> {
  let mode: ProxyMode = { kind: 'pass' };

  const forward = (request: http.IncomingMessage, response: http.ServerResponse) => {
    const upstream = http.request({ host: '127.0.0.1', port: apiPort, method: request.method, path: request.url, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  };

  const server = http.createServer((request, response) => {
    if (mode.kind === 'hang' && (!mode.hangOnly || mode.hangOnly(request.method ?? 'GET', request.url ?? '/'))) {
      // Read the body, as a busy server would, and never answer.
      request.resume();
      return;
    }
    if (mode.kind === 'slow') {
      // Paused until then: the delay covers the whole exchange, upload included.
      request.pause();
      setTimeout(() => forward(request, response), mode.delayMs);
      return;
    }
    forward(request, response);
  });
  // The web tier keeps connections open; each mode starts from fresh ones, so none carries the old behaviour.
  server.keepAliveTimeout = 60_000;

  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const stopListening = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  await listen();

  return {
    url: `http://127.0.0.1:${port}`,
    async setMode(next) {
      const wasListening = server.listening;
      if (wasListening) await stopListening();
      mode = next;
      if (next.kind !== 'down') await listen();
    },
    async close() {
      if (server.listening) await stopListening();
    },
  };
}
