import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';

/**
 * The settings both servers read alike (ports, lists, proxies, the stop grace), checked the same way in
 * the web tier's env.server.ts and the API's config.ts.
 */

const PORT_MESSAGE = 'must be a port number between 1 and 65535';
const GRACE_MESSAGE = 'must be a whole number of seconds, 1 or more, such as 25';
const PROXIES_MESSAGE = 'must be addresses, CIDR ranges or loopback, linklocal, uniquelocal, separated by commas, such as loopback,10.0.0.0/8';

export const port = z.coerce.number({ error: PORT_MESSAGE }).int(PORT_MESSAGE).min(1, PORT_MESSAGE).max(65535, PORT_MESSAGE);

// An empty variable (`FOO=` in a shell or .env file) means "use the default", not "invalid".
export const blankAsUnset = (value: unknown) => (value === '' ? undefined : value);

export const commaList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

function isTrustedProxyList(value: string): boolean {
  try {
    proxyAddr.compile(commaList(value));
    return true;
  } catch {
    return false;
  }
}

/** TRUST_PROXY: the proxies believed about the visitor, as `@fastify/proxy-addr` reads them. */
export const trustProxyList = z.string().refine(isTrustedProxyList, PROXIES_MESSAGE);

/** STOP_GRACE_SECONDS: how long a stopping server lets requests in flight finish. */
export const stopGraceSeconds = z.preprocess(blankAsUnset, z.coerce.number({ error: GRACE_MESSAGE }).int(GRACE_MESSAGE).min(1, GRACE_MESSAGE).default(25));
