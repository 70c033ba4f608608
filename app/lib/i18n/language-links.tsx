import { useLocation } from 'react-router';
import { LANGUAGE_PARAM, LANGUAGES } from '#rules/i18n/languages.ts';

/** This page in each language, for search engines: the address names the language (docs/languages.md). */
export function LanguageLinks({ origin }: { origin: string }) {
  const { pathname, search } = useLocation();
  const hrefIn = (language: string | null) => {
    const params = new URLSearchParams(search);
    params.delete(LANGUAGE_PARAM);
    if (language) params.set(LANGUAGE_PARAM, language);
    const query = params.toString();
    return `${origin.replace(/\/+$/, '')}${pathname}${query ? `?${query}` : ''}`;
  };
  return (
    <>
      {LANGUAGES.map((language) => (
        <link key={language} rel="alternate" hrefLang={language} href={hrefIn(language)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={hrefIn(null)} />
    </>
  );
}
