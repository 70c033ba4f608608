import { setTimeout as delay } from 'node:timers/promises';
import { signUpOwner } from './api-owner';
import type { Problems } from './verify';

/** Buyers writing to the run's shop, a thread each; each sends one message a round and the owner answers each, well within the per-person limit. */
export const BUYER_THREADS = 10;

type Thread = { id: string; buyerToken: string; buyer: string };
type Sent = { threadId: string; token: string; body: string; status: number | null; id: number | null };
type MessageJson = { id: number; from: 'buyer' | 'shop'; body: string };

export type MessageRound = {
  sent: number;
  answered: number;
  /** Messages answered 201 missing after the restart: must be 0. */
  lost: number;
  /** Messages with no answer (the kill came first) that were stored all the same: allowed, as with any write. */
  storedUnanswered: number;
};

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function post(url: string, token: string, body: string): Promise<{ status: number | null; id: number | null }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { ...auth(token), 'content-type': 'application/json' },
      body: JSON.stringify({ body }),
      signal: AbortSignal.timeout(30_000),
    });
    const answer = response.status === 201 ? ((await response.json()) as { message: { id: number } }) : null;
    return { status: response.status, id: answer?.message.id ?? null };
  } catch {
    return { status: null, id: null };
  }
}

async function get<T>(url: string, token: string): Promise<{ status: number; body: T }> {
  const response = await fetch(url, { headers: auth(token), signal: AbortSignal.timeout(30_000) });
  return { status: response.status, body: (response.ok ? await response.json() : null) as T };
}

/** Buyers who each open a thread with `shopId`; the threads the rounds write into. */
export async function openThreads(apiUrl: string, shopId: string, tag: string): Promise<Thread[]> {
  const threads: Thread[] = [];
  for (let i = 0; i < BUYER_THREADS; i++) {
    const buyer = `${tag}b${i}`;
    const buyerToken = await signUpOwner(apiUrl, buyer);
    const first = await fetch(`${apiUrl}/shops/${shopId}/messages`, {
      method: 'POST',
      headers: { ...auth(buyerToken), 'content-type': 'application/json' },
      body: JSON.stringify({ body: `Hello from ${buyer}` }),
    });
    if (first.status !== 201) throw new Error(`the first message answered ${first.status}: ${await first.text()}`);
    threads.push({ id: ((await first.json()) as { thread_id: string }).thread_id, buyerToken, buyer });
  }
  return threads;
}

/**
 * One message from each buyer and one answer from the owner in each thread, each sent at a random moment
 * within `spreadMs`, so a kill in that window lands before, during and after some of them.
 */
export function sendSpread(apiUrl: string, ownerToken: string, threads: Thread[], label: string, spreadMs: number): Promise<Sent[]> {
  const senders = threads.flatMap((thread) => [
    { threadId: thread.id, token: thread.buyerToken, body: `${label}: from ${thread.buyer}` },
    { threadId: thread.id, token: ownerToken, body: `${label}: the shop answers ${thread.buyer}` },
  ]);
  return Promise.all(
    senders.map(async (sender) => {
      await delay(Math.random() * spreadMs);
      return { ...sender, ...(await post(`${apiUrl}/threads/${sender.threadId}/messages`, sender.token, sender.body)) };
    }),
  );
}

/**
 * After the restart: every message answered 201 is in its thread, and each thread's newest message is the
 * one the owner's inbox shows last and marks unread exactly when the buyer wrote it (the owner never opens
 * a thread, so their read mark is their own last message).
 */
export async function checkMessages(apiUrl: string, ownerToken: string, threads: Thread[], sent: Sent[]): Promise<{ round: MessageRound; problems: Problems }> {
  const problems: Problems = [];
  let lost = 0;
  for (const message of sent.filter((m) => m.status === 201)) {
    const found = await get(`${apiUrl}/threads/${message.threadId}/messages/${message.id}`, message.token);
    if (found.status !== 200) lost += 1;
  }
  if (lost) problems.push(`${lost} messages answered 201 are missing`);
  const refused = sent.filter((m) => m.status !== null && m.status !== 201);
  if (refused.length) problems.push(`${refused.length} messages refused, e.g. ${refused[0]!.status}`);

  const inbox = await get<{ results: { id: string; unread: boolean; last_message: { body: string } }[] }>(`${apiUrl}/threads?page_size=100`, ownerToken);
  const bodies = new Set<string>();
  for (const thread of threads) {
    const page = await get<{ messages: MessageJson[] }>(`${apiUrl}/threads/${thread.id}`, thread.buyerToken);
    for (const message of page.body?.messages ?? []) bodies.add(message.body);
    const newest = page.body?.messages.at(-1);
    const listed = inbox.body?.results.find((row) => row.id === thread.id);
    if (!newest || !listed) {
      problems.push(`thread ${thread.id} not readable after the restart (${page.status}, in inbox: ${Boolean(listed)})`);
      continue;
    }
    if (listed.last_message.body !== newest.body)
      problems.push(`thread ${thread.id}: the inbox shows "${listed.last_message.body}", its newest is "${newest.body}"`);
    if (listed.unread !== (newest.from === 'buyer'))
      problems.push(`thread ${thread.id}: unread for the shop is ${listed.unread}, its newest is from the ${newest.from}`);
  }
  const storedUnanswered = sent.filter((m) => m.status === null && bodies.has(m.body)).length;
  return { round: { sent: sent.length, answered: sent.filter((m) => m.status === 201).length, lost, storedUnanswered }, problems };
}
