import cluster from 'node:cluster';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { RequestLine } from '#settings/log-format.server.ts';
import type { Replay, RequestFacts } from '#web-server/cache/page-memory.ts';
import { connectionBalance } from '#web-server/cluster/connection-balance.ts';
import { STOP } from '#web-server/cluster/workers.ts';
import type { HostSettings } from '#web-server/host-settings.ts';
import type { Site } from '#web-server/site/index.ts';
import { compressed } from './compression';
import { badRequest, requestOf, send, urlOf } from './fetch-bridge';
import { proxyTrust } from './local-proxy';
import { applySecurityHeaders } from './security-headers';
import { refusedUnread } from './unread-refusal';

/** The built client files, or Vite's in development; says whether it answered. */
export type StaticFiles = (request: IncomingMessage, response: ServerResponse, https: boolean) => boolean | Promise<boolean>;

// The path only: a query may carry a token.
function logWhenFinished(log: Logger, request: IncomingMessage, response: ServerResponse) {
  if (!log.isLevelEnabled('debug')) return;
  const started = performance.now();
  response.once('finish', () => {
    const route = (request.url ?? '').split('?')[0]!;
    const line: RequestLine = { method: request.method ?? '', route, statusCode: response.statusCode, ms: Math.round(performance.now() - started) };
    log.debug({ request: line }, 'request completed');
  });
}

function factsOf(request: IncomingMessage, url: URL, address: string): RequestFacts {
  return {
    method: request.method ?? 'GET',
    url,
    cookie: request.headers.cookie,
    authorization: request.headers.authorization,
    saveData: String(request.headers['save-data'] ?? ''),
    acceptLanguage: request.headers['accept-language'],
    acceptEncoding: request.headers['accept-encoding'],
    address,
    agent: request.headers['user-agent'] ?? '',
  };
}

function writeReplay(response: ServerResponse, { status, headers, body }: Replay, https: boolean) {
  const all = new Headers(headers);
  applySecurityHeaders(all, https ? 'https:' : 'http:');
  response.writeHead(status, [...all].flat());
  response.end(body);
}

const serverError = () => new Response('An unexpected error occurred.', { status: 500, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

type SiteNow = () => Site | Promise<Site>;

/** `site` is asked anew for each request: in development it changes with the code. */
export function webRequestListener({
  site,
  staticFiles,
  trustProxy,
  log,
}: {
  site: SiteNow;
  staticFiles: StaticFiles;
  trustProxy: string[] | undefined;
  log: Logger;
}) {
  const { fromTrustedProxy, visitorAddress } = proxyTrust(trustProxy);

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const https = fromTrustedProxy(request);
    const given = site();
    const current = given instanceof Promise ? await given : given;
    if (refusedUnread(request, response, https, current.formBody)) return;
    const served = staticFiles(request, response, https);
    if (served === true || (served instanceof Promise && (await served))) return;
    const url = urlOf(request, https ? 'https:' : 'http:');
    if (!url) return send(request, response, withHeaders(badRequest(), https));
    const address = visitorAddress(request);
    const facts = factsOf(request, url, address);
    const remembered = current.replay(facts);
    if (remembered) return writeReplay(response, remembered, https);

    const controller = new AbortController();
    response.on('close', () => controller.abort());
    let fetchRequest: Request;
    try {
      fetchRequest = requestOf(request, url, address, controller.signal);
    } catch {
      // fetch refuses some of what Node lets through (TRACE, say): the visitor's mistake, not ours.
      return send(request, response, withHeaders(badRequest(), https));
    }
    let answered: Response;
    try {
      answered = await current.handle(fetchRequest, facts);
    } catch (error) {
      log.error({ err: error }, 'a request failed');
      answered = serverError();
    }
    await send(request, response, await compressed(fetchRequest, withHeaders(answered, https)));
  }

  return (request: IncomingMessage, response: ServerResponse) => {
    answer(request, response).catch((error: unknown) => {
      log.error({ err: error }, 'a request failed');
      if (!response.headersSent) response.writeHead(500).end();
      else response.destroy();
    });
  };
}

export async function startWebServer({ site, staticFiles, settings, log }: { site: SiteNow; staticFiles: StaticFiles; settings: HostSettings; log: Logger }) {
  const server = http.createServer();
  const closesConnection = connectionBalance(server);
  const listener = webRequestListener({ site, staticFiles, trustProxy: settings.trustProxy, log });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (closesConnection(request.socket)) response.setHeader('Connection', 'close');
    logWhenFinished(log, request, response);
    listener(request, response);
  });
  const { port, host } = settings;
  await new Promise<void>((resolve) => (host ? server.listen(port, host, resolve) : server.listen(port, resolve)));

  // Grace is bounded so that a rolling deploy always moves on; a second signal stops at once.
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(130);
    stopping = true;
    log.info('stopping: no new connections; finishing the requests in flight');
    const cutOff = setTimeout(() => {
      log.warn(`requests still running after ${settings.stopGraceMs / 1000} s; closing their connections`);
      server.closeAllConnections();
    }, settings.stopGraceMs);
    cutOff.unref();
    server.close(
      () =>
        void Promise.resolve(site())
          .then((current) => current.stop())
          .finally(() => process.exit(0)),
    );
    server.closeIdleConnections();
  };
  if (cluster.isWorker) {
    // The primary (cluster/workers.ts) decides when its workers stop; a Ctrl-C reaches the whole process group.
    process.on('SIGINT', () => {});
    process.on('SIGTERM', () => {});
    process.on('message', (message) => message === STOP && stop());
    process.on('disconnect', stop);
  } else {
    log.info(`Kasuwa web tier on http://${host ?? 'localhost'}:${port}`);
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  }
  return server;
}

function withHeaders(response: Response, https: boolean): Response {
  applySecurityHeaders(response.headers, https ? 'https:' : 'http:');
  return response;
}
