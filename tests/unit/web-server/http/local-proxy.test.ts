import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { proxyTrust } from '#web-server/http/local-proxy.ts';

const { fromTrustedProxy, visitorAddress } = proxyTrust(undefined);
const arriving = (peer: string, headers: Record<string, string> = {}) => ({ socket: { remoteAddress: peer }, headers }) as unknown as IncomingMessage;

describe('the visitor’s address, as the web server vouches for it to the API', () => {
  it('is the connection’s when the visitor reaches the web server directly, whatever X-Forwarded-For they send', () => {
    expect(visitorAddress(arriving('203.0.113.5'))).toBe('203.0.113.5');
    expect(visitorAddress(arriving('203.0.113.5', { 'x-forwarded-for': '198.51.100.1' }))).toBe('203.0.113.5');
    expect(visitorAddress(arriving('::ffff:203.0.113.5', { 'x-forwarded-for': '127.0.0.1' }))).toBe('::ffff:203.0.113.5');
  });

  it('is the one a proxy on this machine added last, never what the visitor put before it', () => {
    expect(visitorAddress(arriving('127.0.0.1', { 'x-forwarded-for': '198.51.100.1' }))).toBe('198.51.100.1');
    expect(visitorAddress(arriving('::1', { 'x-forwarded-for': '6.6.6.6, 198.51.100.2' }))).toBe('198.51.100.2');
    expect(visitorAddress(arriving('::ffff:127.0.0.1', { 'x-forwarded-for': '2001:db8::7' }))).toBe('2001:db8::7');
  });

  it('is the connection’s for a local client that names nobody', () => {
    expect(visitorAddress(arriving('127.0.0.1'))).toBe('127.0.0.1');
    expect(visitorAddress(arriving('127.0.0.1', { 'x-forwarded-for': ' ' }))).toBe('127.0.0.1');
  });
});

describe('HTTPS as a proxy reports it', () => {
  it('is believed only from a proxy on this machine', () => {
    expect(fromTrustedProxy(arriving('127.0.0.1', { 'x-forwarded-proto': 'https' }))).toBe(true);
    expect(fromTrustedProxy(arriving('127.0.0.1'))).toBe(false);
    expect(fromTrustedProxy(arriving('203.0.113.5', { 'x-forwarded-proto': 'https' }))).toBe(false);
  });
});

describe('behind the load balancers TRUST_PROXY names (a proxy on another machine)', () => {
  const behindBalancer = proxyTrust(['10.0.0.0/8']);

  it('the visitor is the address the balancer added, walking back through every trusted hop', () => {
    expect(behindBalancer.visitorAddress(arriving('10.0.0.7', { 'x-forwarded-for': '6.6.6.6, 198.51.100.1' }))).toBe('198.51.100.1');
    expect(behindBalancer.visitorAddress(arriving('10.0.0.7', { 'x-forwarded-for': '198.51.100.1, 10.0.0.3' }))).toBe('198.51.100.1');
    expect(behindBalancer.fromTrustedProxy(arriving('10.0.0.7', { 'x-forwarded-proto': 'https' }))).toBe(true);
  });

  it('anyone else, this machine included, is not believed', () => {
    expect(behindBalancer.visitorAddress(arriving('203.0.113.5', { 'x-forwarded-for': '198.51.100.1' }))).toBe('203.0.113.5');
    expect(behindBalancer.visitorAddress(arriving('127.0.0.1', { 'x-forwarded-for': '198.51.100.1' }))).toBe('127.0.0.1');
    expect(behindBalancer.fromTrustedProxy(arriving('203.0.113.5', { 'x-forwarded-proto': 'https' }))).toBe(false);
  });
});
