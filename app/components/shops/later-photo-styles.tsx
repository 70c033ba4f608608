import { createContext, type ReactNode, useContext } from 'react';
import { ResponseNonce } from '#app/lib/response-nonce.ts';

/** The rules of the later photos the server draws inside a `LaterPhotoStyles`. */
export const LaterRules = createContext<Set<string> | null>(null);

/**
 * One `<style>` after `children` for every later photo in them: one nonce in the page, not one a photo, so
 * the shared page memory compresses the page in few pieces. React renders `children` before what follows them.
 */
export function LaterPhotoStyles({ children }: { children: ReactNode }) {
  const rules = new Set<string>();
  return (
    <LaterRules value={rules}>
      {children}
      <CollectedRules rules={rules} />
    </LaterRules>
  );
}

function CollectedRules({ rules }: { rules: Set<string> }) {
  const nonce = useContext(ResponseNonce);
  // The browser keeps what the server wrote: photos React draws later are <img> elements.
  const css = typeof document === 'undefined' ? [...rules].join('') : '';
  // biome-ignore lint/security/noDangerouslySetInnerHtml: CSS built from photo addresses, each percent-encoded (responsive-image.tsx)
  return <style nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />;
}
