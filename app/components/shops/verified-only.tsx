import { Link } from 'react-router';
import { useT } from '#app/lib/i18n/words.ts';

/** `verified=1` in a list's address: only shops that passed a check (docs/product.md §4). */
export const askedVerified = (url: URL) => url.searchParams.get('verified') === '1';

/** A plain checkbox in the list's GET form; with JavaScript, ticking it is enough. */
export function VerifiedOnly({ verified }: { verified: boolean }) {
  const t = useT();
  return (
    <label className="verified-only">
      <input
        type="checkbox"
        name="verified"
        value="1"
        key={String(verified)}
        defaultChecked={verified}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      />
      <span>{t('verified.only')}</span>
    </label>
  );
}

/** An empty list of verified sellers points to the same list unfiltered. */
export function NoVerifiedSellers({ allHref }: { allHref: string }) {
  const t = useT();
  return (
    <p className="notice">
      {t('verified.none')} <Link to={allHref}>{t('verified.showAll')}</Link>
    </p>
  );
}
