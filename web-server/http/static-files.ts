import type { IncomingMessage, ServerResponse } from 'node:http';
import sirv from 'sirv';
import { applySecurityHeaders } from './security-headers';

// Files under /assets carry a hash of their content in their name, so they never change.
const HASHED = 'public, max-age=31536000, immutable';
const PLAIN = 'public, max-age=3600';

// sirv lists the files once at start, so a page's path costs no look at the disk.
export function staticFiles(rootFolder: string) {
  const serving = (https: boolean) => {
    const security = new Headers();
    applySecurityHeaders(security, https ? 'https:' : 'http:');
    return sirv(rootFolder, {
      etag: true,
      gzip: true,
      brotli: true,
      extensions: [],
      setHeaders(response, pathname) {
        response.setHeader('Cache-Control', pathname.startsWith('/assets/') ? HASHED : PLAIN);
        for (const [name, value] of security) response.setHeader(name, value);
      },
    });
  };
  const plain = serving(false);
  const secure = serving(true);
  return function servedStatic(request: IncomingMessage, response: ServerResponse, https: boolean): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    let found = true;
    (https ? secure : plain)(request, response, () => {
      found = false;
    });
    return found;
  };
}
