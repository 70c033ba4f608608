import { createContext } from 'react';

/**
 * The response's CSP nonce, for the inline script at the top of <head> (lib/inline-head.server.ts fills it
 * in). entry.server.tsx provides it; in the browser it is empty, and hydration leaves the server's in place.
 */
export const ServerHead = createContext({ nonce: '' });
