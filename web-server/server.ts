import cluster from 'node:cluster';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { createRequestHandler, ServerBuild } from 'react-router';
import { compressed } from './compression';
import { connectionBalance } from './connection-balance';
import { afterAnswer, shareContentChanges } from './content-changes';
import { type FetchHandler, fetchListener } from './fetch-listener';
import { proxyTrust } from './local-proxy';
import { answerFromPublicCache, publicPageCache } from './public-page-cache';
import { applySecurityHeaders } from './security-headers';
import { staticFiles } from './static-files';
import { drainUnreadBody } from './unread-body';
import { refusedUnread } from './unread-refusal';
import { flushVisitCounts } from './visit-counts';
import { STOP } from './workers';

/** `GET /path 200 1234 - 5.678 ms`, the line react-router-serve's logger wrote, which the tests filter on. */
function logWhenFinished(request: http.IncomingMessage, response: http.ServerResponse) {
  const started = process.hrtime.bigint();
  response.once('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    console.log(`${request.method} ${request.url} ${response.statusCode} ${response.getHeader('content-length') ?? '-'} - ${ms.toFixed(3)} ms`);
  });
}

/**
 * The web tier's HTTP server: the built client files, the shared page memory, then React Router, with
 * the security headers on every answer (static files included) and gzip or brotli for text. It
 * replaces react-router-serve, whose static files went out without X-Content-Type-Options and whose
 * request URLs were always http: behind a TLS proxy, which made React Router refuse every form post as
 * cross-origin.
 */
export async function startWebServer(
  buildFile: string,
  port: number,
  host: string | undefined,
  { stopGraceMs, trustProxy, redisUrl }: { stopGraceMs: number; trustProxy: string[] | undefined; redisUrl: string | undefined },
) {
  const build = (await import(pathToFileURL(path.resolve(buildFile)).href)) as ServerBuild;
  // React Router's handler comes from the build, which carries its production copy (vite.config.ts), so
  // that the app's loaders and the handler share one copy. The app's memory of provider answers lives there
  // too, so it is emptied through the build's entry, which also names the mark of answers after which the
  // shared pages stay.
  const {
    createRequestHandler: handlerFor,
    forgetPublicAnswers,
    KEEPS_SHARED_PAGES_HEADER,
  } = build.entry.module as unknown as {
    createRequestHandler: typeof createRequestHandler;
    forgetPublicAnswers: () => void;
    KEEPS_SHARED_PAGES_HEADER: string;
  };
  const handleWithRouter = handlerFor(build, 'production');
  const servedStatic = staticFiles(path.resolve(path.dirname(buildFile), '..', 'client'));
  shareContentChanges(forgetPublicAnswers, redisUrl);
  const withRouter = async (request: Request) => {
    const response = await drainUnreadBody(request, () => handleWithRouter(request));
    applySecurityHeaders(response.headers, request.url);
    const keepsShared = response.headers.has(KEEPS_SHARED_PAGES_HEADER);
    response.headers.delete(KEEPS_SHARED_PAGES_HEADER);
    await afterAnswer(request.method, response.status, keepsShared);
    return response;
  };
  const handle: FetchHandler = async (request) => compressed(request, await publicPageCache(request, () => withRouter(request)));
  const onError = (error: unknown) => {
    console.error(error);
    const headers = new Headers({ 'Content-Type': 'text/plain; charset=utf-8' });
    applySecurityHeaders(headers, 'http:');
    return new Response('An unexpected error occurred.', { status: 500, headers });
  };
  const { fromTrustedProxy, visitorAddress } = proxyTrust(trustProxy);
  const plain = fetchListener(handle, { onError, protocol: 'http:', visitorAddress });
  const viaTls = fetchListener(handle, { onError, protocol: 'https:', visitorAddress });

  const server = http.createServer();
  const closesConnection = connectionBalance(server);
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (closesConnection(request.socket)) response.setHeader('Connection', 'close');
    logWhenFinished(request, response);
    const https = fromTrustedProxy(request);
    if (refusedUnread(request, response, https)) return;
    if (servedStatic(request, response, https)) return;
    // A remembered page is answered on Node's own request, before the fetch Request and React Router cost anything.
    if (answerFromPublicCache(request, response, https, visitorAddress(request))) return;
    return (https ? viaTls : plain)(request, response);
  });
  await new Promise<void>((resolve) => (host ? server.listen(port, host, resolve) : server.listen(port, resolve)));

  // The first stop lets requests under way finish, for STOP_GRACE_SECONDS at most so that a rolling
  // deploy always moves on; a second one stops at once.
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(130);
    stopping = true;
    console.log('stopping: no new connections; finishing the requests in flight');
    const cutOff = setTimeout(() => {
      console.error(`requests still running after ${stopGraceMs / 1000} s; closing their connections`);
      server.closeAllConnections();
    }, stopGraceMs);
    cutOff.unref();
    // Visits counted from remembered shop pages go to the provider before the process ends.
    server.close(() => void flushVisitCounts().finally(() => process.exit(0)));
    server.closeIdleConnections();
  };
  if (cluster.isWorker) {
    // The primary (workers.ts) decides when its workers stop; a Ctrl-C reaches the whole process group.
    process.on('SIGINT', () => {});
    process.on('SIGTERM', () => {});
    process.on('message', (message) => message === STOP && stop());
    process.on('disconnect', stop);
  } else {
    console.log(`Kasuwa web tier on http://${host ?? 'localhost'}:${port}`);
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  }
  return server;
}
