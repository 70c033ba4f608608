import { type FormEvent, useState } from 'react';
import { useLocation, useMatches, useRevalidator } from 'react-router';
import { useHydrated } from '#app/lib/hydrated.ts';
import { useT } from '#app/lib/i18n/words.ts';
import { useLiteMode } from '#app/lib/lite-mode.ts';
import type { RouteHandle } from '#app/root.tsx';

const TYPED = 'input:not([type=hidden]):not([type=file]):not([type=password]), textarea';

/** A form of the page someone has typed into but not sent. */
function typedForm(): boolean {
  return [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(`main form ${TYPED.split(', ').join(', main form ')}`)].some(
    (field) => field.value !== field.defaultValue,
  );
}

/**
 * A plain form: it must work in the mode it turns on, which has no script. Its post reloads the page, so a
 * page with a form offers it only with JavaScript, which switches without reloading while something is typed
 * (docs/decisions/027-lite-mode.md).
 */
export function LiteSwitch({ note = false }: { note?: boolean }) {
  const lite = useLiteMode();
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [nextPage, setNextPage] = useState(false);
  const t = useT();
  const formPage = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.typedForm);
  if (formPage && !hydrated) {
    return note ? <p className="lite-switch">{lite ? t('lite.noteOnFormPage') : t('lite.offerOnFormPage')}</p> : null;
  }

  async function keepTyping(event: FormEvent<HTMLFormElement>) {
    if (!typedForm()) return;
    event.preventDefault();
    const response = await fetch('/lite', { method: 'POST', body: new URLSearchParams({ lite: lite ? 'off' : 'on', back: pathname + search }) }).catch(
      () => null,
    );
    if (!response?.ok) return;
    setNextPage(true);
    await revalidator.revalidate();
  }

  return (
    <form method="post" action="/lite" className="lite-switch" onSubmit={keepTyping}>
      {note && lite && <span id="lite-mode">{t('lite.about')} </span>}
      {nextPage && <span role="status">{lite ? t('lite.nextPage') : t('lite.turnedOff')} </span>}
      <input type="hidden" name="back" value={pathname + search} />
      <button type="submit" name="lite" value={lite ? 'off' : 'on'}>
        {lite ? t('lite.turnOff') : t('lite.turnOn')}
      </button>
    </form>
  );
}
