import { useRouteLoaderData } from 'react-router';

export function useLiteMode(): boolean {
  return useRouteLoaderData<{ lite?: boolean }>('root')?.lite ?? false;
}
