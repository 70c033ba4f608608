import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '#rules/messages.ts';
import { ApiError } from '#server/errors.ts';
import { withSecurityHeaders } from './api-security-headers';

type Issue = { instancePath?: string; message?: string };

/** Validation issues in Django REST framework's shape: `{field: [messages]}`, root issues under non_field_errors. */
function toFieldErrors(issues: Issue[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.instancePath?.split('/').filter(Boolean)[0];
    const key = field ?? 'non_field_errors';
    const message = field ? (issue.message ?? MSG.fieldRequired) : MSG.notAnObject;
    const messages = (fields[key] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  return fields;
}

const CLIENT_ERRORS: Record<string, (error: FastifyError) => [number, Record<string, unknown>]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => [400, { detail: 'JSON parse error - the request body is not valid JSON.' }],
  FST_ERR_CTP_EMPTY_JSON_BODY: () => [400, { detail: 'JSON parse error - the request body is empty.' }],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: (error) => [415, { detail: error.message }],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => [400, { detail: 'The request body length does not match its Content-Length.' }],
  FST_ERR_CTP_BODY_TOO_LARGE: () => [413, { detail: MSG.uploadTooLargeShort, status: 413 }],
};

// PostgreSQL refuses a NUL character in text (22021, also on PGlite); only a client's bytes can put one there.
function isNulInText(error: FastifyError): boolean {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return cause?.code === '22021';
}

/** Before any hook: an over-long path segment names nothing we have; a bad percent-encoding is the client's. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  withSecurityHeaders(reply).type('application/json; charset=utf-8');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.code(404).send(JSON.stringify({ detail: MSG.notFound }));
  return reply.code(400).send(JSON.stringify({ detail: 'The address is not a valid URL.' }));
}

/** Every failure in the API's error shapes (docs/api.md §1); 5xx details stay in the log. */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Error bodies skip the route's response schemas: those describe success, and a mismatch must never become a 500.
    reply.serializer(JSON.stringify).type('application/json; charset=utf-8');
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    if (error.validation) {
      if (error.validationContext === 'body') return reply.code(400).send(toFieldErrors(error.validation as Issue[]));
      return reply.code(400).send({ detail: 'Invalid query or path parameters.', ...toFieldErrors(error.validation as Issue[]) });
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      const [status, body] = known(error);
      return reply.code(status).send(body);
    }
    if (isNulInText(error)) return reply.code(400).send({ detail: 'Text must not contain the NUL character (\\u0000).' });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ detail: error.message });
    }
    request.log.error({ err: error }, 'unexpected failure');
    return reply.code(500).send({ detail: MSG.unexpected, request_id: request.id });
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: MSG.notFound }));
});
