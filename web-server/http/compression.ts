import { promisify } from 'node:util';
import zlib from 'node:zlib';

type Encoding = 'br' | 'gzip';

// Text compresses several times over; images and fonts are compressed already.
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
// Below this, the encoding's own framing eats most of the gain (the same threshold as `compression`).
const MIN_BYTES = 1024;
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/** The encoding to answer with: brotli when the browser takes it, else gzip, else none. */
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

/**
 * A compressing stream that flushes after every chunk it is given: a streamed page arrives in parts
 * (the shell first, deferred data later), and each part must reach the phone when it is ready, not
 * when the compressor's buffer happens to fill. Quality 4 brotli costs about what gzip does.
 */
function flushingCompressor(encoding: Encoding): TransformStream<Uint8Array, Uint8Array> {
  const compressor = encoding === 'br' ? zlib.createBrotliCompress(BROTLI_OPTIONS) : zlib.createGzip();
  const flushKind = encoding === 'br' ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH;
  return new TransformStream({
    start(controller) {
      compressor.on('data', (chunk: Buffer) => {
        try {
          controller.enqueue(new Uint8Array(chunk));
        } catch {
          // The visitor went away and the stream was cancelled: what is left to compress goes nowhere.
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
/**
 * Up to this size a body is compressed on the main thread: under load every core is rendering, so the
 * thread pool adds no parallelism, only the CPU of the trip there and back. Larger bodies still go to it.
 */
const COMPRESS_INLINE_MAX = 256 * 1024;

/** A whole body compressed in one go, off the main thread when it is large. */
async function compressWhole(encoding: Encoding, body: Buffer): Promise<Buffer> {
  if (body.length <= COMPRESS_INLINE_MAX) return encoding === 'br' ? zlib.brotliCompressSync(body, BROTLI_OPTIONS) : zlib.gzipSync(body);
  return encoding === 'br' ? brotli(body, BROTLI_OPTIONS) : gzip(body);
}

/**
 * The response compressed for this request when that is worth it. A body of known length (a rendered
 * page) is compressed whole; one without (a stream) as it comes. A body that already carries an
 * encoding (the public page cache stores its pages gzipped) is left alone.
 */
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
