import http from 'node:http';

export type RawAnswer = { status: number; body: string; ms: number };

/**
 * A POST as a client that is no browser may send it, on a connection of its own: `body` as given, or
 * only its first `send` bytes under a Content-Length that promises `declaredLength`, then waiting for
 * the answer while the rest never comes. Rejects if no answer arrives within `timeoutMs`.
 */
export function rawPost(
  url: string,
  options: { headers?: Record<string, string>; body: Uint8Array | string; declaredLength?: number; timeoutMs?: number },
): Promise<RawAnswer> {
  const started = performance.now();
  const body = typeof options.body === 'string' ? Buffer.from(options.body) : options.body;
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      agent: false,
      headers: { ...options.headers, 'content-length': String(options.declaredLength ?? body.byteLength) },
      timeout: options.timeoutMs ?? 5_000,
    });
    request.on('timeout', () => request.destroy(new Error(`no answer to POST ${url} within ${options.timeoutMs ?? 5_000} ms`)));
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body: text, ms: performance.now() - started });
        request.destroy();
      });
      response.on('error', reject);
    });
    request.write(body);
    if (options.declaredLength === undefined) request.end();
  });
}
