import { createContext } from 'react';

/** Empty in the browser: hydration leaves the server's nonce in place. */
export const ResponseNonce = createContext('');
