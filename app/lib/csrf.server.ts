import type { MiddlewareFunction } from 'react-router';
import { getWebEnv } from './env.server';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | null): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return 'invalid';
  }
}

/** Some old and proxy browsers send neither Origin nor Referer: let through, as their cookies are still SameSite. */
export const csrfMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (!SAFE_METHODS.has(request.method.toUpperCase())) {
    const claimed = originOf(request.headers.get('origin')) ?? originOf(request.headers.get('referer'));
    const ours = new Set([new URL(request.url).origin, new URL(getWebEnv().webUrl).origin]);
    if (claimed && !ours.has(claimed)) {
      return new Response('This form was sent from another site and has been refused.', {
        status: 403,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      });
    }
  }
  return next();
};
