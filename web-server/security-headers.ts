/**
 * Headers every response carries (documents, data, static files, refusals), set here only. HSTS goes
 * only on a request that arrived over HTTPS (read from a trusted proxy's X-Forwarded-Proto): a browser
 * ignores it over plain HTTP, and a local `npm start` must stay reachable over HTTP.
 */
export const HSTS = 'max-age=31536000; includeSubDomains';

export function applySecurityHeaders(headers: Headers, requestUrl: string) {
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('X-Frame-Options', 'DENY');
  if (requestUrl.startsWith('https:')) headers.set('Strict-Transport-Security', HSTS);
}
