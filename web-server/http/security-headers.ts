/**
 * Headers every response carries (documents, data, static files, refusals), set here only. HSTS goes
 * only on a request that arrived over HTTPS (read from a trusted proxy's X-Forwarded-Proto): a browser
 * ignores it over plain HTTP, and a local `npm start` must stay reachable over HTTP.
 */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The policy of every answer that sets none of its own: everything but the pages (JSON, route data,
 * SVG, XML, text, images, scripts), which a browser opened on its own must not let run, load or frame
 * anything. Pages set theirs (app/entry.server.tsx), the poster file its own.
 */
const NOTHING_RUNS = "default-src 'none'; frame-ancestors 'none'";

export function applySecurityHeaders(headers: Headers, requestUrl: string) {
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('X-Frame-Options', 'DENY');
  if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', NOTHING_RUNS);
  if (requestUrl.startsWith('https:')) headers.set('Strict-Transport-Security', HSTS);
}
