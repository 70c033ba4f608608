import { parse, type Token } from '@messageformat/parser';
import type { Source, Translation } from '#rules/i18n/catalog.ts';

type Catalogs = Record<string, { source: Source; translations: Record<string, Translation<Source>> }>;

/** The names a message fills in (`{shop}`, a plural's `{count}`), or why it cannot be read. */
function placeholdersOf(message: string): string[] | { error: string } {
  let tokens: Token[];
  try {
    tokens = parse(message);
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  const names = new Set<string>();
  const walk = (list: Token[]) => {
    for (const token of list) {
      if (token.type === 'argument' || token.type === 'function') names.add(token.arg);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        names.add(token.arg);
        for (const { tokens: inner } of token.cases) walk(inner);
      }
    }
  };
  walk(tokens);
  return [...names].sort();
}

/**
 * What `npm run catalogs` refuses: a key missing from a language or not in English, a key no code uses,
 * a message that does not parse, and a translation whose placeholders differ from the English.
 */
export function catalogProblems(areas: Catalogs, code: string): string[] {
  const problems: string[] = [];
  const areaOf = new Map<string, string>();
  for (const [area, { source, translations }] of Object.entries(areas)) {
    for (const key of Object.keys(source)) {
      if (!isUsed(key, code)) problems.push(`${area}: '${key}' is used nowhere`);
      const other = areaOf.get(key);
      if (other) problems.push(`${area}: '${key}' is in ${other} too`);
      areaOf.set(key, area);
    }
    for (const [key, message] of Object.entries(source)) {
      const names = placeholdersOf(message);
      if ('error' in names) problems.push(`${area} en: '${key}' does not parse: ${names.error}`);
    }
    for (const [language, { messages, reviewed }] of Object.entries(translations)) {
      for (const key of Object.keys(source)) {
        if (!(key in messages)) problems.push(`${area} ${language}: '${key}' is missing`);
      }
      for (const [key, message] of Object.entries(messages)) {
        const english = source[key];
        if (english === undefined) {
          problems.push(`${area} ${language}: '${key}' is not in English`);
          continue;
        }
        const names = placeholdersOf(message);
        const expected = placeholdersOf(english);
        if ('error' in names) problems.push(`${area} ${language}: '${key}' does not parse: ${names.error}`);
        else if (!('error' in expected) && names.join() !== expected.join()) {
          problems.push(`${area} ${language}: '${key}' fills in {${names.join('}, {')}}, English {${expected.join('}, {')}}`);
        }
      }
      for (const key of reviewed) {
        if (!(key in source)) problems.push(`${area} ${language}: reviewed '${String(key)}' is not in English`);
      }
    }
  }
  return problems;
}

/** A form message (`form.name`, `form.group.name`) is used where its MSG entry is: pages find it by its English text. */
function isUsed(key: string, code: string): boolean {
  if (code.includes(`'${key}'`)) return true;
  const name = /^form\.(\w+)(?:\.\w+)?$/.exec(key)?.[1];
  return name !== undefined && new RegExp(`\\bMSG\\.${name}\\b`).test(code);
}

/** How many strings of each language await a native speaker's review. */
export function awaitingReview(areas: Catalogs): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { source, translations } of Object.values(areas)) {
    for (const [language, { reviewed }] of Object.entries(translations)) {
      counts[language] = (counts[language] ?? 0) + Object.keys(source).length - reviewed.length;
    }
  }
  return counts;
}
