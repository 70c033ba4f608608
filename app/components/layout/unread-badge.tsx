/** The number of threads with something unread, read out as words too. */
export function UnreadBadge({ count }: { count: number | null }) {
  if (!count) return null;
  return (
    <span className="unread-count">
      {count}
      <span className="visually-hidden"> unread</span>
    </span>
  );
}
