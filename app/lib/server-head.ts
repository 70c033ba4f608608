import { createContext } from 'react';

/**
 * What the server writes into <head> and the browser never needs as data: the public pages' CSS, inline so
 * the first paint waits for no second request, and the first-screen script (lib/first-screen.server.ts)
 * with this response's CSP nonce. entry.server.tsx provides them; in the browser they are empty, and
 * hydration leaves the server's text in place.
 */
export const ServerHead = createContext({ css: '', script: '', nonce: '' });
