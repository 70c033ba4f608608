// Over HTTPS only: a local `npm start` must stay reachable over plain HTTP.
const HSTS = 'max-age=31536000; includeSubDomains';

// Anything but a page, opened in a browser on its own, must not run, load or frame anything.
const NOTHING_RUNS = "default-src 'none'; frame-ancestors 'none'";

export function applySecurityHeaders(headers: Headers, requestUrl: string) {
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('X-Frame-Options', 'DENY');
  if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', NOTHING_RUNS);
  if (requestUrl.startsWith('https:')) headers.set('Strict-Transport-Security', HSTS);
}
