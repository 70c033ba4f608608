/**
 * The idle timer's "still here". The session middleware counts requests as activity; someone typing a long
 * shop description makes none for minutes, so the timer calls this now and then while the person is active.
 */
export function loader() {
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
}
