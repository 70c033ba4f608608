import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pinoPretty from 'pino-pretty';
import type { LogFormat } from '#settings/env-fields.server.ts';

type RequestLine = { method: string; route: string; statusCode: number; ms: number };

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

/** A request's line as a person reads it: `GET /shops/:id 200 in 3 ms`. */
function messageOf(log: Record<string, unknown>, messageKey: string): string {
  const request = log.request as RequestLine | undefined;
  return request ? `${request.method} ${request.route} ${request.statusCode} in ${request.ms} ms` : String(log[messageKey] ?? '');
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
  const stream =
    format === 'pretty'
      ? pinoPretty({
          sync: true,
          singleLine: true,
          translateTime: 'SYS:HH:MM:ss',
          // The request id is for the JSON log, where a collector joins lines; here it would fill the line.
          ignore: 'pid,hostname,reqId,request',
          messageFormat: messageOf,
          ...(output ? { destination: output as NodeJS.WritableStream } : {}),
        })
      : output;
  return { logger: { level, ...(stream ? { stream } : {}) }, logController: new RequestsAtDebug() };
}
