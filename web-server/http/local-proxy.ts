import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

// By default only a proxy on this machine (nginx, caddy in front of the port) may speak for the visitor,
// as the API's TRUST_PROXY default does; anyone else could claim anything.
const LOOPBACK = /^(?:127\.|::1$|::ffff:127\.)/;

export type ProxyTrust = {
  /** Whether a trusted proxy says the visitor came over HTTPS. */
  fromTrustedProxy(request: IncomingMessage): boolean;
  /**
   * The visitor's address: the connection's, or, behind a trusted proxy, the one it added to
   * X-Forwarded-For (the entries before it are whatever the visitor sent).
   */
  visitorAddress(request: IncomingMessage): string;
};

/**
 * Whom the web server believes about the visitor: a proxy on this machine, or the proxies TRUST_PROXY
 * names (a load balancer on another machine), walking back through each of them as the API does.
 */
export function proxyTrust(trustProxy: string[] | undefined): ProxyTrust {
  const trusted = trustProxy ? proxyAddr.compile(trustProxy) : undefined;
  const fromTrustedHop = trusted
    ? (request: IncomingMessage) => trusted(request.socket.remoteAddress ?? '', 0)
    : (request: IncomingMessage) => LOOPBACK.test(request.socket.remoteAddress ?? '');
  return {
    fromTrustedProxy: (request) => fromTrustedHop(request) && request.headers['x-forwarded-proto'] === 'https',
    visitorAddress(request) {
      const peer = request.socket.remoteAddress ?? '';
      const forwarded = request.headers['x-forwarded-for'];
      if (!fromTrustedHop(request) || typeof forwarded !== 'string') return peer;
      if (trusted) return proxyAddr(request, trusted) || peer;
      return forwarded.split(',').at(-1)!.trim() || peer;
    },
  };
}
