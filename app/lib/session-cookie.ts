/**
 * The session cookie's name, in a module of its own: the web server (web-server/public-page-cache.ts)
 * tells signed-in visitors apart by it without loading the session code, and with it React Router.
 */
export const SESSION_COOKIE = '__kasuwa';
