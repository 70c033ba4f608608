import type { ShouldRevalidateFunctionArgs } from 'react-router';

/**
 * `shouldRevalidate` for pages with hearts: after a heart posts with JavaScript the page's data stay,
 * since the heart already shows the change and reading the list again would cost a phone its bytes.
 */
export function keepDataAfterSaving({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return formAction === '/saved' ? false : defaultShouldRevalidate;
}
