import { useEffect, useRef, useState } from 'react';
import { CopyIcon } from '#app/components/icons.tsx';
import { useHydrated } from '#app/lib/hydrated.ts';
import { useT } from '#app/lib/i18n/words.ts';
import { DELAYS_MS } from '#rules/limits.ts';

/** Without JavaScript the read-only field is the feature: a long press selects and copies it. */
export function CopyLink({ url }: { url: string }) {
  const hydrated = useHydrated();
  const field = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [popup, setPopup] = useState('');
  const t = useT();
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    const copied = await copyText(url, field.current);
    setPopup(copied ? t('link.copied') : t('link.notCopied'));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setPopup(''), DELAYS_MS.copyPopup);
  }

  return (
    <div className="copy-link">
      <label htmlFor="shop-link">{t('link.label')}</label>
      <div className="copy-link-row">
        <input id="shop-link" ref={field} type="url" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        {hydrated && (
          <button type="button" onClick={copy}>
            <CopyIcon />
            {t('link.copy')}
          </button>
        )}
      </div>
      {/* Present from the start, so screen readers announce the text when it appears. */}
      <p className="popup" role="status">
        {popup}
      </p>
    </div>
  );
}

/** Falls back to `execCommand('copy')`, which older Android WebViews honour where the Clipboard API is missing. */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, page not focused): the old way below may still work.
  }
  if (!field) return false;
  field.focus();
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
