import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import { type LogFormat, prettyLog, type RequestLine } from '#settings/log-format.server.ts';

/**
 * One line per answered request, at debug: at the default level they would bury a start, a warning or a
 * failure. The line names the route (`/shops/:id`), not the URL: a path or a query may carry a code or a
 * signed link. Failures keep Fastify's own error line.
 */
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

/**
 * The API's log (LOG_LEVEL, LOG_FORMAT): JSON lines, or one short readable line per event for a person at a
 * terminal. `output` takes the lines instead of stdout.
 */
export function loggerOptions(
  level: string,
  format: LogFormat,
  output?: NodeJS.WritableStream | { write(line: string): void },
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  const stream = format === 'pretty' ? prettyLog(output as NodeJS.WritableStream | undefined) : output;
  return { logger: { level, ...(stream ? { stream } : {}) }, logController: new RequestsAtDebug() };
}
