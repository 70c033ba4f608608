async function drain(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<void> {
  const reader = body.getReader();
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      received += value.byteLength;
      if (received > maxBytes) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The browser went away: nothing is left to free.
  }
}

/**
 * A post answered before its body is read (a redirect to /login, the CSRF refusal, a shop check that
 * could not reach the provider) leaves the rest of the body in the connection. Node then never reads
 * the next request on that keep-alive connection: the browser's next page waits about 6 s and gets a
 * reset (measured by soak:faults). Reading the remainder while the answer goes out frees the connection.
 */
export async function drainUnreadBody(request: Request, maxBytes: number, next: () => Promise<Response>): Promise<Response> {
  const response = await next();
  if (request.body && !request.bodyUsed && !request.body.locked) void drain(request.body, maxBytes);
  return response;
}
