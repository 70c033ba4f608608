import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import { type LogFormat, prettyLog, type RequestLine } from '#settings/log-format.server.ts';

/** At debug, so requests bury no warning; the route, not the URL, which may carry a code or a signed link. */
class RequestsAtDebug extends LogController {
  override incomingRequest() {}

  override routeNotFound() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    const line: RequestLine = {
      method: request.method,
      route: request.routeOptions.url ?? '(no route)',
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    request.log.debug({ request: line }, 'request completed');
  }
}

/** `output` takes the lines instead of stdout. */
export function loggerOptions(
  level: string,
  format: LogFormat,
  output?: NodeJS.WritableStream | { write(line: string): void },
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  const stream = format === 'pretty' ? prettyLog(output as NodeJS.WritableStream | undefined) : output;
  return { logger: { level, ...(stream ? { stream } : {}) }, logController: new RequestsAtDebug() };
}
