import { data } from 'react-router';
import { provider } from '#app/lib/provider/client.server.ts';
import { isProviderError } from '#app/lib/provider/errors.ts';
import { asSignedIn, requireSignedIn, signedInContext } from '#app/lib/session.server.ts';
import { MSG } from '#rules/messages.ts';
import type { Route } from './+types/data-json';

/** Download my data: the provider's copy of everything it keeps of the person, as one file. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = requireSignedIn(request, context.get(signedInContext));
  try {
    const exported = await asSignedIn(request, signedIn, (token) => provider.dataExport(token));
    // Usernames allow only these already; another provider's might not, and a quote would end the header's value.
    const name = exported.account.username.replace(/[^\w.@+-]/g, '_');
    return new Response(JSON.stringify(exported, null, 2), {
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="kasuwa-${name}.json"`,
        'Cache-Control': 'private, no-store',
      },
    });
  } catch (error) {
    if (!isProviderError(error)) throw error;
    throw data(MSG.dataExportFailed, { status: 503 });
  }
}
