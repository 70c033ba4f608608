import type { ShouldRevalidateFunctionArgs } from 'react-router';

/** The heart already shows the change; reading the list again would cost a phone its bytes. */
export function keepDataAfterSaving({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return formAction === '/saved' ? false : defaultShouldRevalidate;
}
