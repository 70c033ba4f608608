import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

// By default only a proxy on this machine may speak for the visitor, as with the API's TRUST_PROXY.
const LOOPBACK = /^(?:127\.|::1$|::ffff:127\.)/;

export type ProxyTrust = {
  fromTrustedProxy(request: IncomingMessage): boolean;
  /** Behind a trusted proxy, the entry it added: those before it are whatever the visitor sent. */
  visitorAddress(request: IncomingMessage): string;
};

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
