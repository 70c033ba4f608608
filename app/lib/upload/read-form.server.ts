import { data } from 'react-router';

/**
 * Past this, an over-limit body is no longer read to its end: nobody on a phone sends it, and the
 * connection is simply dropped.
 */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;

/**
 * A multipart form, read while holding at most `maxBytes` of it in memory (undici's `formData()` would
 * hold any size). A body declared or found to be larger is read to its end and thrown away, so the
 * browser, still sending, gets our page rather than a reset connection; the answer is then 'too-large'.
 * A body that is not a readable form is a 400: no browser sends one.
 */
export async function readFormWithin(request: Request, maxBytes: number): Promise<FormData | 'too-large'> {
  let tooLarge = Number(request.headers.get('content-length') ?? 0) > maxBytes;
  const chunks: Uint8Array[] = [];
  let received = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) tooLarge = true;
      if (tooLarge) {
        chunks.length = 0;
        if (received > DRAIN_MAX_BYTES) {
          await reader.cancel();
          break;
        }
      } else {
        chunks.push(value);
      }
    }
  }
  if (tooLarge) return 'too-large';
  try {
    // The reader's chunks view plain ArrayBuffers; the DOM typings also allow for shared memory.
    return await new Response(new Blob(chunks as BlobPart[]), { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData();
  } catch {
    throw data('The form could not be read. Please send it again.', { status: 400 });
  }
}
