import { otherInstances } from './other-instances';
import { siblingWorkers } from './sibling-workers';

/**
 * The version of what anonymous visitors share: whole pages here (public-page-cache.ts) and the app's
 * provider answers (app/lib/public-cache.server.ts). A write through this process, another process of
 * this web tier, or (with REDIS_URL) any other web instance bumps it, so the next visitor sees the change.
 */
let version = 0;
let forgetInApp = () => {};
const forgetShared = () => {
  version += 1;
  forgetInApp();
};
const tellSiblings = siblingWorkers(forgetShared);
let tellOtherInstances = (): Promise<void> => Promise.resolve();

export function contentVersion(): number {
  return version;
}

/** Called once as the server starts: what the app forgets with us, and with REDIS_URL, news to and from other instances. */
export function shareContentChanges(appForgets: () => void, redisUrl: string | undefined): void {
  forgetInApp = appForgets;
  if (redisUrl) tellOtherInstances = otherInstances(redisUrl, forgetShared);
}

/**
 * After the app has answered a write (any method but GET and HEAD) with a success or a redirect: the
 * shared memories are emptied here, in the web tier's other processes and, through Redis, in other
 * instances, before the answer leaves, so the writer's next page shows the change. A form shown again
 * with its errors counts (a timed-out write may still have landed); a refused one (CSRF, an unreadable
 * or oversized form) does not, nor one the app marked as changing nothing anonymous visitors see
 * (`keepsShared`: signing in, a heart).
 */
export async function afterAnswer(method: string, status: number, keepsShared: boolean): Promise<void> {
  if (method === 'GET' || method === 'HEAD' || status >= 400 || keepsShared) return;
  forgetShared();
  await Promise.all([tellSiblings(), tellOtherInstances()]);
}
