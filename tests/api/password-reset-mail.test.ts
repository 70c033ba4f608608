import net from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { startTestApi, type TestApi } from './support/harness';
import { signUp } from './support/requests';

/** How long the mailer waits for a silent server's greeting (SMTP_TIMEOUTS in server/mail/mailer.ts). */
const SMTP_GREETING_TIMEOUT_MS = 5_000;

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
  it('still answers the contract’s message at once, and the mail goes to the server after the answer', async () => {
    const person = await signUp(api.app);
    const started = Date.now();
    const response = await api.app.inject({ method: 'POST', url: '/auth/password-reset/request/', payload: { email: person.email } });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MSG.resetRequestSent });
    expect(Date.now() - started).toBeLessThan(SMTP_GREETING_TIMEOUT_MS);
    for (let waited = 0; connections === 0 && waited < 2_000; waited += 10) await delay(10);
    expect(connections).toBe(1);
  });
});
