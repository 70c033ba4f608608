import type { FastifyRequest } from 'fastify';
import { ApiError } from '#server/errors.ts';
import { sameSecret } from './signature';

/** A refusal in Paystack's shape: `status: false` and its message. */
export const refusal = (statusCode: number, message: string) => new ApiError(statusCode, { status: false, message });

/** An `onRequest` hook that refuses, as Paystack does, a call without the secret key. */
export function requireSecretKey(secretKey: string) {
  return async (request: FastifyRequest) => {
    if (!sameSecret(request.headers.authorization ?? '', `Bearer ${secretKey}`)) throw refusal(401, 'Invalid key');
  };
}
