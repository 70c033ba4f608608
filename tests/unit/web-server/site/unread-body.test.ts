import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { drainUnreadBody } from '#web-server/site/unread-body.ts';

/** A request whose body comes in `chunks` pieces, and how many of them were read. */
function postWithBody(chunks: number) {
  const state = { read: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.read === chunks) return controller.close();
      state.read++;
      controller.enqueue(new Uint8Array(64 * 1024));
    },
  });
  const request = new Request('http://localhost/shop/1/add-products', { method: 'POST', body, duplex: 'half' } as RequestInit);
  return { request, state };
}

const run = (request: Request, next: () => Promise<Response>) => drainUnreadBody(request, 10 * 1024 * 1024, next);

describe('a post answered before its body was read', () => {
  it('gets its body read to the end after the answer, so the connection can carry the next request', async () => {
    const { request, state } = postWithBody(20);
    const response = await run(request, async () => new Response('Failed to load shop details for this ID.', { status: 503 }));
    expect(response.status).toBe(503);
    await delay(50);
    expect(state.read).toBe(20);
  });

  it('leaves alone a body the action has read', async () => {
    const { request } = postWithBody(3);
    const response = await run(request, async () => {
      await request.formData().catch(() => undefined);
      return new Response(null, { status: 302, headers: { location: '/' } });
    });
    expect(response.status).toBe(302);
  });
});
