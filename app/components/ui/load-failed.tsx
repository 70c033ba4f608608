import { useT } from '#app/lib/i18n/words.ts';

/** A list page whose provider did not answer: says so, with a plain link that loads the page again. */
export function LoadFailed({ retryHref }: { retryHref: string }) {
  const t = useT();
  return (
    <p className="notice error" role="alert">
      {t('load.failed')} <a href={retryHref}>{t('load.tryAgain')}</a>
    </p>
  );
}
