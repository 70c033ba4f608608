import { useRouteLoaderData } from 'react-router';

/** Whether this page is in Lite mode (root's loader decides, lib/lite-mode.server.ts says how). */
export function useLiteMode(): boolean {
  return useRouteLoaderData<{ lite?: boolean }>('root')?.lite ?? false;
}
