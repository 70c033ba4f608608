import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ProviderAnswer = { status: number; headers?: Record<string, string>; body: unknown };
export type ProviderRequest = { method: string; path: string; body: unknown };

/**
 * A provider on a free local port that answers each request by `answer` and keeps what it was sent, so a
 * test sees what the web tier asked for. `received` is the test's to empty between cases.
 */
export async function startFakeProvider(answer: (request: ProviderRequest) => ProviderAnswer) {
  const received: ProviderRequest[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const sent = { method: request.method ?? '', path: new URL(request.url ?? '/', 'http://provider').pathname, body: body ? JSON.parse(body) : undefined };
      received.push(sent);
      const { status, headers, body: answerBody } = answer(sent);
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(answerBody));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
