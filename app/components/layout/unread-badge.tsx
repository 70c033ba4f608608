import { useT } from '#app/lib/i18n/words.ts';

/** The number of threads with something unread, read out as words too; nothing when there are none. */
export function UnreadBadge({ count }: { count: number | null }) {
  const t = useT();
  if (!count) return null;
  return (
    <span className="unread-count">
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden"> {t('unread.count', { count })}</span>
    </span>
  );
}
