import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#rules/messages.ts';
import type { Mail, Mailer } from '#server/mail/mailer.ts';
import { startTestApi, type TestApi } from './support/harness';
import { signUp } from './support/requests';

/** A mail server as tests need it: per recipient, hang forever or fail a number of times before taking the mail. */
function testMailer() {
  const delivered: Mail[] = [];
  const tries = new Map<string, number>();
  const failuresFor = new Map<string, number>();
  const hangingFor = new Set<string>();
  const mailer: Mailer = {
    async send(mail) {
      tries.set(mail.to, (tries.get(mail.to) ?? 0) + 1);
      if (hangingFor.has(mail.to)) return new Promise<void>(() => {});
      const failures = failuresFor.get(mail.to) ?? 0;
      if (failures > 0) {
        failuresFor.set(mail.to, failures - 1);
        throw new Error('451 try again later');
      }
      delivered.push(mail);
    },
  };
  return { mailer, delivered, tries, failuresFor, hangingFor };
}

const mail = testMailer();
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ mailer: mail.mailer, mailRetryDelaysMs: [20, 40, 80] });
});
afterAll(() => api.close());

const requestReset = (email: string) => api.app.inject({ method: 'POST', url: '/auth/password-reset/request/', payload: { email } });

/** Waits until `check` holds, for at most two seconds. */
async function eventually(check: () => boolean) {
  for (let waited = 0; !check() && waited < 2_000; waited += 10) await delay(10);
  expect(check()).toBe(true);
}

describe('a password reset request', () => {
  it('answers before the mail is sent, even when the mail server never finishes', async () => {
    const person = await signUp(api.app);
    mail.hangingFor.add(person.email);

    const answer = await Promise.race([requestReset(person.email), delay(2_000).then(() => 'still waiting for the mail' as const)]);

    expect(answer).not.toBe('still waiting for the mail');
    if (typeof answer === 'string') return;
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: MSG.resetRequestSent });
    await eventually(() => mail.tries.get(person.email) === 1);
  });

  it('answers a known and an unknown email alike, and mails only the known one', async () => {
    const person = await signUp(api.app);
    const known = await requestReset(person.email);
    const unknown = await requestReset(`nobody-${person.username}@example.ng`);

    for (const answer of [known, unknown]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(JSON.stringify({ message: MSG.resetRequestSent }));
    }
    const { 'x-request-id': _one, date: _d1, ...knownHeaders } = known.headers;
    const { 'x-request-id': _two, date: _d2, ...unknownHeaders } = unknown.headers;
    expect(unknownHeaders).toEqual(knownHeaders);

    await eventually(() => mail.delivered.some((sent) => sent.to === person.email));
    expect(mail.tries.has(`nobody-${person.username}@example.ng`)).toBe(false);
  });

  it('still gets its link out when the mail server fails twice first', async () => {
    const person = await signUp(api.app);
    mail.failuresFor.set(person.email, 2);

    const answer = await requestReset(person.email);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: MSG.resetRequestSent });
    expect(mail.delivered.some((sent) => sent.to === person.email)).toBe(false);

    await eventually(() => mail.delivered.some((sent) => sent.to === person.email));
    expect(mail.tries.get(person.email)).toBe(3);
    expect(mail.delivered.find((sent) => sent.to === person.email)!.text).toMatch(/\/reset-password\?uid=[\w-]+&token=[\w.-]+/);
  });

  it('gives up after its last retry without ever telling the person', async () => {
    const person = await signUp(api.app);
    mail.failuresFor.set(person.email, 100);

    const answer = await requestReset(person.email);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: MSG.resetRequestSent });

    // One try and three retries, then no more.
    await eventually(() => mail.tries.get(person.email) === 4);
    await delay(300);
    expect(mail.tries.get(person.email)).toBe(4);
  });
});
