import type { Server } from 'node:http';

/**
 * How this process reaches itself, read when needed because tests listen on port 0.
 * A wildcard bind answers on loopback, which never leaves the machine.
 */
export function ownOrigin(server: Server): string {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The API is not listening on a TCP port.');
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
