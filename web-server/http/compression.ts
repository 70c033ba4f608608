import { promisify } from 'node:util';
import zlib from 'node:zlib';

type Encoding = 'br' | 'gzip';

const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
// Below this, the encoding's own framing eats most of the gain.
const MIN_BYTES = 1024;
// 5 is the lowest quality that models context: clearly smaller pages than 4, for about gzip's time.
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

export function chooseEncoding(acceptEncoding: string | null): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wants = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return null;
}

function isCompressible(contentType: string | null): boolean {
  return COMPRESSIBLE.test(contentType ?? '');
}

// Flushes after every chunk: each part of a streamed page must reach the phone when it is ready.
function flushingCompressor(encoding: Encoding): TransformStream<Uint8Array, Uint8Array> {
  const compressor = encoding === 'br' ? zlib.createBrotliCompress(BROTLI_OPTIONS) : zlib.createGzip();
  const flushKind = encoding === 'br' ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH;
  return new TransformStream({
    start(controller) {
      compressor.on('data', (chunk: Buffer) => {
        try {
          controller.enqueue(new Uint8Array(chunk));
        } catch {
          compressor.destroy();
        }
      });
    },
    transform(chunk) {
      return new Promise<void>((resolve, reject) => {
        compressor.write(chunk, (error) => (error ? reject(error) : compressor.flush(flushKind, () => resolve())));
      });
    },
    flush() {
      return new Promise<void>((resolve, reject) => {
        compressor.once('end', resolve);
        compressor.once('error', reject);
        compressor.end();
      });
    },
  });
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
// Under load every core is rendering, so the thread pool adds no parallelism for small bodies, only the trip.
const COMPRESS_INLINE_MAX = 256 * 1024;

async function compressWhole(encoding: Encoding, body: Buffer): Promise<Buffer> {
  if (body.length <= COMPRESS_INLINE_MAX) return encoding === 'br' ? zlib.brotliCompressSync(body, BROTLI_OPTIONS) : zlib.gzipSync(body);
  return encoding === 'br' ? brotli(body, BROTLI_OPTIONS) : gzip(body);
}

export async function compressed(request: Request, response: Response): Promise<Response> {
  if (!response.body || response.headers.has('content-encoding') || !isCompressible(response.headers.get('content-type'))) return response;
  const length = response.headers.get('content-length');
  if (length !== null && Number(length) < MIN_BYTES) return response;
  const headers = new Headers(response.headers);
  headers.append('Vary', 'Accept-Encoding');
  const encoding = chooseEncoding(request.headers.get('accept-encoding'));
  const init = { status: response.status, statusText: response.statusText, headers };
  if (!encoding) return new Response(response.body, init);
  headers.set('Content-Encoding', encoding);
  if (length !== null) {
    const body = await compressWhole(encoding, Buffer.from(await response.arrayBuffer()));
    headers.set('Content-Length', String(body.length));
    return new Response(new Uint8Array(body), init);
  }
  headers.delete('Content-Length');
  return new Response(response.body.pipeThrough(flushingCompressor(encoding)), init);
}
