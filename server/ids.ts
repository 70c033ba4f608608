const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are opaque to clients; anything that is not one of ours is simply "not found". */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
