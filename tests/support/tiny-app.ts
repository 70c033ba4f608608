import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ApiError } from '#server/errors.ts';

/** A bare Fastify app with only what the media code relies on: zod schemas and ApiError answers. */
export function tinyApp() {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error, _request, reply) => (error instanceof ApiError ? reply.code(error.statusCode).send(error.body) : reply.send(error)));
  return app;
}
