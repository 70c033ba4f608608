import { provider } from '#app/lib/provider/client.server.ts';
import { ProviderError } from '#app/lib/provider/errors.ts';

/** For the header and bottom navigation: a page still shows, without the number, when it cannot be read. */
export async function unreadThreads(token: string): Promise<number | null> {
  try {
    return (await provider.unreadThreads(token)).unread;
  } catch (error) {
    if (error instanceof ProviderError) return null;
    throw error;
  }
}
