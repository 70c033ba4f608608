/** English words of one area of the site, by key: ICU messages (docs/languages.md). */
export type Source = Readonly<Record<string, string>>;

/**
 * One area in one language other than English: every key of the English source, and the keys a native
 * speaker has read. Every other string awaits that review.
 */
export type Translation<S extends Source> = {
  readonly messages: { readonly [K in keyof S]: string };
  readonly reviewed: readonly (keyof S)[];
};
