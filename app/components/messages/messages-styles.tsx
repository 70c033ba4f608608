import css from '#app/styles/messages.css?inline';

/**
 * The messages pages' CSS inline, allowed by its hash (lib/inline-head.server.ts): a stylesheet link costs a
 * slow phone another connection before the first paint. In the route's script too, for client-side visits.
 */
export function MessagesStyles() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheet, built with the app
  return <style dangerouslySetInnerHTML={{ __html: css }} />;
}
