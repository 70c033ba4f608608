const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are opaque to clients; anything that is not one of ours is simply "not found". */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** A message's id as a path names it: digits only, within what a bigint and a JS number both hold. */
export function messageIdOf(value: string): number | null {
  if (!/^[1-9][0-9]{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
