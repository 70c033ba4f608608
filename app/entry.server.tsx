import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, ServerRouter } from 'react-router';
import { WebConfigError, getWebEnv } from './lib/env.server';
import { holdHydration } from './lib/first-screen.server';
import { INLINE_CSS_HASH, withInlineHead } from './lib/inline-head.server';
import { isLiteRequest } from './lib/lite-mode.server';
import { contentSecurityPolicy } from './lib/security-headers.server';
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

// For the web server, which empties the app's memory of public answers after writes, unless the app marked the answer (web-server/content-changes.ts).
export { forgetPublicAnswers } from './lib/public-cache.server';
export { KEEPS_SHARED_PAGES_HEADER } from './lib/keeps-shared-pages.server';

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const nonce = randomBytes(16).toString('base64');
  const lite = isLiteRequest(request);
  responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce, INLINE_CSS_HASH, getWebEnv().mediaOrigin));

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Past streamTimeout, pending promises are rejected; the extra second lets their boundaries render.
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);

    // Every loader's data is awaited before rendering (nothing on these pages streams in later), so the
    // page is sent whole, with its length: one compression of the whole page instead of one flush per
    // piece React writes, which cost the home page a third of its rendering time.
    const app = (
      <ResponseNonce.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ResponseNonce.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      onShellReady() {
        shellRendered = true;
      },
      onAllReady() {
        const chunks: Buffer[] = [];
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              const page = withInlineHead(Buffer.concat(chunks), lite);
              const html = lite ? page : holdHydration(page);
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
              responseHeaders.set('Content-Length', String(html.length));
              resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          }),
        );
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell is ready reject above and React Router logs them; only later ones need logging here.
        if (shellRendered) console.error(error);
      },
    });
  });
}
