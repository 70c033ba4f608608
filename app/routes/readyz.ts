import { provider } from '#app/lib/provider/client.server.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * Readiness for a load balancer: this web tier can serve pages only while its provider answers. Redis is
 * not asked: without it pages are still served, only shared a few seconds longer (web-server/cache/other-instances.ts).
 */
export async function loader() {
  if (await provider.reachable()) return Response.json({ status: 'ready' }, { headers: NO_STORE });
  return Response.json({ status: 'unavailable', detail: 'The provider is unreachable.' }, { status: 503, headers: NO_STORE });
}
