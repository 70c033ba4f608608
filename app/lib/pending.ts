import { useNavigation } from 'react-router';

/** True while a client-side navigation to `pathname` is loading: the moment to show skeleton cards. */
export function usePendingNavigationTo(pathname: string): boolean {
  const navigation = useNavigation();
  return navigation.state === 'loading' && navigation.location?.pathname === pathname;
}
