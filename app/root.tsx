import { type ReactNode, useContext } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches, useRouteLoaderData } from 'react-router';
import { errors } from '#rules/i18n/catalogs/en/errors.ts';
import { htmlLang } from '#rules/i18n/languages.ts';
import type { Route } from './+types/root';
import { BottomNav } from './components/layout/bottom-nav';
import { Footer } from './components/layout/footer';
import { Header } from './components/layout/header';
import { IdleLogout } from './components/layout/idle-logout';
import { LaterPhotoStyles } from './components/shops/later-photo-styles';
import { PageSkeleton } from './components/shops/page-skeleton';
import { csrfMiddleware } from './lib/csrf.server';
import { getWebEnv } from './lib/env.server';
import { revalidateUnlessOffline } from './lib/forms/offline-submission';
import { LanguageLinks } from './lib/i18n/language-links';
import { TranslateContext, translator, useT, wordsOnScreen } from './lib/i18n/words';
import { pageWords } from './lib/i18n/words.server';
import { isLiteRequest } from './lib/lite-mode.server';
import { isLostConnection } from './lib/lost-connection';
import { unreadThreads } from './lib/messages/unread.server';
import { usePendingSkeleton } from './lib/pending';
import { isAnonymousRequest } from './lib/request-cookies';
import { ResponseNonce } from './lib/response-nonce';
import { sessionMiddleware, signedInContext } from './lib/session.server';
import { removeSpooledUploads } from './lib/upload/spool.server';

/** A route whose `handle` says `bare` (the assistant screen) shows without header and bottom navigation. */
export type RouteHandle = { bare?: boolean /** Typed text a page reload would lose: the Lite mode switch needs JavaScript there. */; typedForm?: boolean };

export const middleware: Route.MiddlewareFunction[] = [
  removeSpooledUploads,
  async ({ request }, next) => {
    const response = await next();
    // Pages show who is signed in and what they saved, so such a page must never be stored by a shared cache.
    if (!isAnonymousRequest(request.headers.get('cookie'), request.headers.get('authorization'))) {
      response.headers.set('Cache-Control', 'private, no-store');
    }
    // Lite mode follows the browser's data saver, the language its languages (lib/request-language.ts).
    response.headers.append('Vary', 'Cookie, Save-Data, Accept-Language');
    return response;
  },
  csrfMiddleware,
  sessionMiddleware,
];

// A form kept on screen after a lost connection must not be replaced by the error page of a failed reload.
export const shouldRevalidate = revalidateUnlessOffline;

const COUNTS_ITS_OWN_UNREAD = /^\/messages(?:\/[^/]+)?(?:\.data)?$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  // The idle timer's limit is the one the server enforces.
  const { webUrl, sessionIdleMinutes, contact } = getWebEnv();
  const signedIn = context.get(signedInContext);
  return {
    signedIn: signedIn !== null,
    // The messages pages count after their own read (see usePageUnread): counting here too would ask twice.
    unread: signedIn && !COUNTS_ITS_OWN_UNREAD.test(new URL(request.url).pathname) ? await unreadThreads(signedIn.access) : null,
    moderator: signedIn?.user.moderator === true,
    webUrl,
    idleMinutes: sessionIdleMinutes,
    lite: isLiteRequest(request),
    contact,
    words: pageWords(request, 'common', 'errors'),
  };
}

// app.css and shop.css come inline in every page's <head> (lib/inline-head.server.ts), not as links.
export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

/** A messages page counts unread threads after its own read: fresher than the root's count, which it replaces. */
function usePageUnread(): number | null | undefined {
  return useMatches()
    .map((match) => (match.data as { unread?: number | null } | undefined)?.unread)
    .findLast((count) => count !== undefined);
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  const matches = useMatches();
  // Without the root's data (a request refused before loaders ran) there are no words for the header: the error page stands alone.
  const bare = !root || matches.some((match) => (match.handle as RouteHandle | undefined)?.bare);
  // On a slow connection the old page would otherwise stay up with no sign that the tap was taken.
  const skeleton = usePendingSkeleton();
  const nonce = useContext(ResponseNonce);
  const lite = root?.lite ?? false;
  const unread = usePageUnread() ?? root?.unread ?? null;
  const t = translator(wordsOnScreen(matches));
  return (
    <html lang={htmlLang(t.language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The first-screen script and the public pages' CSS go in on the server (lib/inline-head.server.ts); hydration leaves them be. */}
        {!lite && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: empty here; the server fills it with its own bytes
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />
        )}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: empty here; the server fills it with its own bytes */}
        <style dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />
        <meta name="theme-color" content="#9a3412" />
        <Meta />
        <Links />
        {root && <LanguageLinks origin={root.webUrl} />}
      </head>
      <body className={bare ? 'bare' : undefined}>
        <TranslateContext value={t}>
          {root && (
            <a className="skip-link" href="#content">
              {t('skip.toContent')}
            </a>
          )}
          {!bare && <Header signedIn={root?.signedIn ?? false} moderator={root?.moderator ?? false} unread={unread} />}
          {root?.signedIn && <IdleLogout minutes={root.idleMinutes} />}
          <LaterPhotoStyles>
            <div id="content" className="page">
              {skeleton ? <PageSkeleton {...skeleton} /> : children}
            </div>
          </LaterPhotoStyles>
          {!bare && root && <Footer contact={root.contact} />}
          {!bare && <BottomNav unread={unread} />}
        </TranslateContext>
        {!lite && <ScrollRestoration />}
        {!lite && <Scripts />}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

// A page that failed before its loaders ran has no words of its own: the error page is then in English.
const englishErrors = translator([{ language: 'en', messages: Object.fromEntries(Object.entries(errors).map(([key, message]) => [key, [message]])) }]);

// Visitors see a plain message and a way home; details go to the server log only, never to the page.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<typeof loader>('root');
  const loaded = useT();
  const t = root ? loaded : englishErrors;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const offline = isLostConnection(error);
  // A 503 is a loader saying "the provider is down, try again" in words meant for visitors (docs/product.md §8).
  const unavailable = status === 503;
  const retry = unavailable || offline;
  const message = offline
    ? t('error.networkError')
    : isRouteErrorResponse(error) && typeof error.data === 'string' && (status < 500 || unavailable)
      ? error.data
      : null;
  const notFound = status === 404;
  // A request the site refused for a reason it gives below (too large, malformed, not allowed now) is not unexpected.
  const refused = status >= 400 && status < 500 && !notFound && message !== null;
  const location = useLocation();
  return (
    <main className="error-page">
      <title>{notFound ? t('error.notFoundTitle') : t('error.title')}</title>
      <h1>
        {notFound
          ? t('error.notFound')
          : offline
            ? t('error.offline')
            : unavailable
              ? t('error.unavailable')
              : refused
                ? t('error.refused')
                : t('error.unexpected')}
      </h1>
      {message && <p>{message}</p>}
      {retry && (
        <p>
          <a href={location.pathname + location.search}>{t('error.tryAgain')}</a>
        </p>
      )}
      {notFound && !message && <p>{t('error.notFoundHelp')}</p>}
      <p>
        <a href="/">{t('error.home')}</a>
      </p>
      {notFound && (
        <p>
          <a href="/searchResults">{t('error.search')}</a>
        </p>
      )}
    </main>
  );
}
