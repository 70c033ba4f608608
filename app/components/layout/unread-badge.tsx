/** The number of threads with something unread, read out as words too; nothing when there are none. */
export function UnreadBadge({ count }: { count: number | null }) {
  if (!count) return null;
  return (
    <span className="unread-count">
      <span className="visually-hidden"> </span>
      {count}
      <span className="visually-hidden"> unread</span>
    </span>
  );
}
