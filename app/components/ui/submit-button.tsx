import type { ReactNode } from 'react';
import { useLocation, useNavigation } from 'react-router';

/** Cannot be pressed again while the form is on its way, which on a slow connection would send it twice. */
export function SubmitButton({ children, pendingLabel }: { children: ReactNode; pendingLabel: string }) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const pending = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST' && navigation.formAction?.split('?')[0] === pathname;
  return (
    <button type="submit" className="submit" disabled={pending}>
      {pending ? pendingLabel : children}
    </button>
  );
}
