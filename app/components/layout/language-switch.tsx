import { useLocation } from 'react-router';
import { useT } from '#app/lib/i18n/words.ts';
import { LANGUAGE_NAMES, LANGUAGE_PARAM, LANGUAGES } from '#rules/i18n/languages.ts';

/** A plain form, so the language can be chosen on a phone without scripts; the choice outlives the visit. */
export function LanguageSwitch({ id = 'footer-language' }: { id?: string }) {
  const t = useT();
  const { pathname, search } = useLocation();
  // Back to the same page, but in the language chosen now rather than one named in its address.
  const params = new URLSearchParams(search);
  params.delete(LANGUAGE_PARAM);
  const back = params.size > 0 ? `${pathname}?${params}` : pathname;
  return (
    <form method="post" action="/language" className="language-switch">
      <input type="hidden" name="back" value={back} />
      <label htmlFor={id}>{t('language.label')}</label>{' '}
      <select id={id} name="language" defaultValue={t.language}>
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>{' '}
      <button type="submit">{t('language.change')}</button>
    </form>
  );
}
