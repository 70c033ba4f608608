import { renderToString } from 'react-dom/server';
import { type EntryContext, ServerRouter } from 'react-router';
import { getWebEnv, WebConfigError } from './lib/env.server';
import { holdHydration } from './lib/first-screen.server';
import { hydrationScripts, takeHydrationData } from './lib/hydration-data.server';
import { INLINE_CSS_HASHES, withInlineHead } from './lib/inline-head.server';
import { isLiteRequest } from './lib/lite-mode.server';
import { contentSecurityPolicy, newNonce } from './lib/page-security-policy.server';
import { ResponseNonce } from './lib/response-nonce';
import { removeStaleUploads } from './lib/upload/spool.server';

// This module loads when the server starts, so a bad setting stops the start here instead of failing the first visitor.
try {
  getWebEnv();
} catch (error) {
  if (!(error instanceof WebConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

// Photos a killed web process was still holding; folders other web processes use now are left alone.
removeStaleUploads().catch((error: unknown) => console.error(error));

export const streamTimeout = 5_000;

const END_OF_BODY = '</body>';

export default async function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const nonce = newNonce();
  const lite = isLiteRequest(request);
  responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce, INLINE_CSS_HASHES, getWebEnv().mediaOrigin));

  // Every loader awaits its data, so the page is rendered in one pass and sent whole (docs/decisions/024-render-pages-whole.md).
  const hydrationData = await takeHydrationData(routerContext);
  let html = renderToString(
    <ResponseNonce.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </ResponseNonce.Provider>,
  );
  // A Lite mode page renders no <Scripts />, so nothing in it would read the data.
  if (hydrationData !== null && routerContext.renderMeta?.didRenderScripts) {
    const end = html.lastIndexOf(END_OF_BODY);
    html = html.slice(0, end) + hydrationScripts(hydrationData, nonce) + html.slice(end);
  }
  const page = withInlineHead(Buffer.from(`<!DOCTYPE html>${html}`), lite);
  const body = lite ? page : holdHydration(page);
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  responseHeaders.set('Content-Length', String(body.length));
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
