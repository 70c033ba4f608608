import type { ReactNode } from 'react';
import { useLocation, useNavigation } from 'react-router';

/**
 * The form's submit button; while this page's form is on its way (JavaScript on) it says so and cannot be
 * pressed twice, which on a slow connection would otherwise send the sign-up or the reset twice.
 */
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
