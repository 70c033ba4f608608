import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { type Encoding, chooseEncoding, isCompressible } from './compression';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

// Files under /assets carry a hash of their content in their name, so they never change: a year, immutable.
const HASHED = 'public, max-age=31536000, immutable';
const PLAIN = 'public, max-age=3600';

type Stored = { version: string; type: string; raw: Buffer; encoded: Map<Encoding, Promise<Buffer>> };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Each file is read and compressed once per version (size and time), at the highest level, then served from memory. */
const files = new Map<string, Stored>();

function encode(raw: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }) : gzip(raw, { level: 9 });
}

/** The file under `root` that a URL path names, or null for anything that could reach outside it or is hidden. */
function fileFor(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const segments = decoded.split('/').filter(Boolean);
  // Every file the build writes or copies from public/ has an extension, and none ends in `.data` (React
  // Router's data requests), so pages (`/shop/{id}`, `/login`, `/_.data`) go straight on to React Router
  // rather than after a stat of the disk that fails (an exception and a trip through the thread pool).
  const name = segments.at(-1);
  if (!name?.includes('.') || name.endsWith('.data')) return null;
  // Dot segments cover `..` and hidden files (`.vite/manifest.json`); a backslash or NUL is never in our names.
  if (segments.some((segment) => segment.startsWith('.') || /[\\\0]/.test(segment))) return null;
  const file = path.join(root, ...segments);
  return file.startsWith(root + path.sep) ? file : null;
}

/**
 * The built client files (`build/client`: hashed assets and what `public/` holds) for GET and HEAD,
 * with a validator, long caching for hashed assets and a precompressed body when the browser takes one.
 * Null when no such file exists: the request then goes to React Router.
 */
export function staticFiles(rootFolder: string) {
  const root = path.resolve(rootFolder);
  return async function serveStatic(request: Request): Promise<Response | null> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    const { pathname } = new URL(request.url);
    const file = fileFor(root, pathname);
    if (!file) return null;
    const stats = await stat(file).catch(() => null);
    if (!stats?.isFile()) return null;

    const version = `${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}`;
    let stored = files.get(file);
    if (stored?.version !== version) {
      stored = {
        version,
        type: CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        raw: await readFile(file),
        encoded: new Map(),
      };
      files.set(file, stored);
    }

    const etag = `W/"${version}"`;
    const headers = new Headers({
      'Content-Type': stored.type,
      'Cache-Control': pathname.startsWith('/assets/') ? HASHED : PLAIN,
      ETag: etag,
      'Last-Modified': stats.mtime.toUTCString(),
    });
    const compressible = isCompressible(stored.type) && stored.raw.length >= 1024;
    if (compressible) headers.set('Vary', 'Accept-Encoding');
    if (
      request.headers
        .get('if-none-match')
        ?.split(',')
        .some((tag) => tag.trim() === etag)
    ) {
      return new Response(null, { status: 304, headers });
    }

    let body = stored.raw;
    const encoding = compressible ? chooseEncoding(request.headers.get('accept-encoding')) : null;
    if (encoding) {
      let encoded = stored.encoded.get(encoding);
      if (!encoded) {
        encoded = encode(stored.raw, encoding);
        stored.encoded.set(encoding, encoded);
      }
      body = await encoded;
      headers.set('Content-Encoding', encoding);
    }
    headers.set('Content-Length', String(body.length));
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
  };
}
