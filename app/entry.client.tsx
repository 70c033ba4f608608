import { StrictMode, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { rememberTypedText, restoreTypedText } from './lib/typed-text';

/** Renders nothing; its effect runs after every effect of the page it follows, once hydration is done. */
function AfterHydration() {
  useEffect(restoreTypedText, []);
  return null;
}

rememberTypedText();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
      <AfterHydration />
    </StrictMode>,
  );
});
