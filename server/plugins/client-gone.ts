import type { FastifyRequest } from 'fastify';
import { ApiError } from '#server/errors.ts';

/** nginx's "client closed request": not a server fault, so an abandoned upload does not fill the error log. */
const CLIENT_CLOSED = 499;

/**
 * A client that hung up (the web tier's timeout, docs/product.md §9, or a lost signal) was told the change
 * failed: committing it would make a retry a duplicate. Callers discard what they stored.
 */
export function stopIfClientGone(request: FastifyRequest): void {
  // The socket, not `request.raw.destroyed`: Node marks a request destroyed as soon as its body has been read.
  if (request.raw.socket?.destroyed) {
    throw new ApiError(CLIENT_CLOSED, { detail: 'The client closed the request before it was done.' });
  }
}
