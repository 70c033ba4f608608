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

// A post answered before its body was read leaves the rest in the connection, and Node never reads the next request on it.
export async function drainUnreadBody(request: Request, maxBytes: number, next: () => Promise<Response>): Promise<Response> {
  const response = await next();
  if (request.body && !request.bodyUsed && !request.body.locked) void drain(request.body, maxBytes);
  return response;
}
