import { createContext } from 'react';

/**
 * This response's CSP nonce, for the inline script at the top of <head> (lib/inline-head.server.ts puts
 * its text in). entry.server.tsx provides it; in the browser it is empty, and hydration leaves the
 * server's in place.
 */
export const ResponseNonce = createContext('');
