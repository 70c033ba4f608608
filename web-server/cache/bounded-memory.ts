// Bounded because the keys hold visitors' own search words.
export function boundedMemory<T>(capacity: number, ttlMs: number, versionNow: () => number) {
  const entries = new Map<string, { value: T; version: number; expires: number }>();
  return {
    get(key: string): T | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.version === versionNow() && entry.expires > Date.now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key: string, value: T, readUnder: number): void {
      // A read that began before a write finished may hold the old content: not worth keeping.
      if (readUnder !== versionNow()) return;
      entries.delete(key);
      entries.set(key, { value, version: readUnder, expires: Date.now() + ttlMs });
      if (entries.size > capacity) entries.delete(entries.keys().next().value!);
    },
    forget(key: string, value: T): void {
      if (entries.get(key)?.value === value) entries.delete(key);
    },
  };
}
