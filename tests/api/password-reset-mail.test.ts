import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../app/lib/rules/messages';
import { startTestApi, type TestApi } from './support/harness';
import { signUp } from './support/requests';

/** How long the web tier waits for the API on a password reset (WRITE_TIMEOUT_MS in the provider client). */
const WEB_TIER_PATIENCE_MS = 20_000;

// A mail server that takes the connection and then never says a word.
let connections = 0;
const sockets = new Set<net.Socket>();
const silentSmtp = net.createServer((socket) => {
  connections += 1;
  sockets.add(socket);
  socket.on('error', () => {});
  socket.on('close', () => sockets.delete(socket));
});

let api: TestApi;
beforeAll(async () => {
  await new Promise<void>((resolve) => silentSmtp.listen(0, '127.0.0.1', resolve));
  const { port } = silentSmtp.address() as net.AddressInfo;
  api = await startTestApi({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
});

afterAll(async () => {
  await api.close();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silentSmtp.close(resolve));
});

describe('a password reset while the mail server hangs', () => {
  it('still answers the contract’s message, in time for the web tier to show it', async () => {
    const person = await signUp(api.app);
    const started = Date.now();
    const response = await api.app.inject({ method: 'POST', url: '/auth/password-reset/request/', payload: { email: person.email } });

    expect(connections).toBe(1);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MSG.resetRequestSent });
    expect(Date.now() - started).toBeLessThan(WEB_TIER_PATIENCE_MS);
  });
});
