import type { IncomingMessage } from 'node:http';

// Only a proxy on this machine (nginx, caddy in front of the port) may speak for the visitor, as the
// API's TRUST_PROXY default does; anyone else could claim anything.
const LOOPBACK = /^(?:127\.|::1$|::ffff:127\.)/;

const fromThisMachine = (request: IncomingMessage) => LOOPBACK.test(request.socket.remoteAddress ?? '');

/** Whether a proxy on this machine says the visitor came over HTTPS. */
export function fromTrustedProxy(request: IncomingMessage): boolean {
  return fromThisMachine(request) && request.headers['x-forwarded-proto'] === 'https';
}

/**
 * The visitor's address: the connection's, or, behind a proxy on this machine, the last one it added to
 * X-Forwarded-For (the entries before it are whatever the visitor sent).
 */
export function visitorAddress(request: IncomingMessage): string {
  const peer = request.socket.remoteAddress ?? '';
  const forwarded = request.headers['x-forwarded-for'];
  if (!fromThisMachine(request) || typeof forwarded !== 'string') return peer;
  return forwarded.split(',').at(-1)!.trim() || peer;
}
