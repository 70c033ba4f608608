import type { FastifyRequest } from 'fastify';
import { ApiError } from '#server/errors.ts';

/**
 * nginx's code for "the client closed the request": nobody reads the answer, and it is not a server
 * fault. The error handler sends ApiErrors quietly, so an abandoned upload does not fill the error log.
 */
const CLIENT_CLOSED = 499;

/**
 * Throws once the client has hung up: the web tier gave up at its timeout (SPEC §9: 30 s for adding
 * products), or a phone lost its signal. The person was told the change failed, so it must not be
 * committed afterwards (they would send it again and get it twice), and the images still queued for
 * it are not worth the CPU that others are waiting for. Callers discard what they stored.
 */
export function stopIfClientGone(request: FastifyRequest): void {
  // The socket, not `request.raw.destroyed`: Node marks a request destroyed as soon as its body has been read.
  if (request.raw.socket?.destroyed) {
    throw new ApiError(CLIENT_CLOSED, { detail: 'The client closed the request before it was done.' });
  }
}
