import fc from 'fast-check';

/**
 * One seed for every fuzz file, so a failure in CI replays exactly on a laptop: fast-check prints the
 * seed and the shrunk path of a failing case; `FUZZ_SEED=<seed>` replays it, `FUZZ_SEED=random` explores.
 */
function fuzzSeed(): number {
  const given = process.env.FUZZ_SEED;
  if (given === 'random') return Date.now() ^ (Math.random() * 0x7fffffff);
  return given ? Number(given) : 20261122;
}

/**
 * A fuzz test runs several properties, each cut short after 25 s on a machine busy enough to need it
 * (the runs done so far still count); the test's own limit leaves room for that.
 */
export const FUZZ_TEST_TIMEOUT_MS = 120_000;

export function fuzzParameters(numRuns: number): fc.Parameters<unknown> {
  return { numRuns, seed: fuzzSeed(), endOnFailure: true, interruptAfterTimeLimit: 25_000 };
}

/** Text that has broken parsers before: SQL and LIKE metacharacters, markup, traversal, controls, odd Unicode. */
const NASTY_STRINGS = [
  "'",
  "' OR '1'='1",
  '%',
  '_',
  '\\',
  ';--',
  "'); DROP TABLE shops;--",
  '<script>window.__xss=1</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '\u0000',
  '\u202e\u0301\ud83d\ude00',
  '\ud800',
  ' ',
  '',
  '__proto__',
  'constructor',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  '9'.repeat(400),
];

export const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 3 }).map((s) => s.repeat(5_000)) },
);

/** Any JSON value a client could send in a field. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, 5000, 0, -5000, 1e21) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** A path segment for any text; a lone surrogate, which encodeURIComponent refuses, goes as raw malformed UTF-8. */
export function asPathSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

/** A JSON object made mostly of the fields the endpoint knows, each with any value, plus strangers. */
function jsonObjectOf(fields: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(fc.subarray([...fields]), fc.dictionary(fc.oneof(nastyString, fc.constantFrom(...fields)), junkValue, { maxKeys: 3 }))
    .chain(([known, extra]) =>
      fc.tuple(...known.map(() => junkValue)).map((values) => ({ ...extra, ...Object.fromEntries(known.map((key, i) => [key, values[i]])) })),
    );
}

/** A request body as bytes plus the content type it claims, honest or not. */
export type RawBody = { payload?: string | Buffer; contentType?: string };

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=zzz',
  'application/octet-stream',
  '*/*',
  'garbage',
  ';;;',
];

export function jsonBodyOf(fields: readonly string[]): fc.Arbitrary<RawBody> {
  return fc.oneof(
    { weight: 5, arbitrary: jsonObjectOf(fields).map((body) => ({ payload: JSON.stringify(body), contentType: 'application/json' })) },
    { weight: 1, arbitrary: fc.jsonValue().map((body) => ({ payload: JSON.stringify(body), contentType: 'application/json' })) },
    {
      weight: 1,
      arbitrary: fc.record({
        payload: fc.oneof(
          fc.string(),
          fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
        ),
        contentType: fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined }),
      }),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

/** Query strings as people and robots type them: repeated keys, huge numbers, metacharacters. */
export function queryOf(keys: readonly string[]): fc.Arbitrary<string> {
  const pair = fc.tuple(fc.oneof(fc.constantFrom(...keys), nastyString), fc.oneof(nastyString, fc.integer().map(String)));
  return fc.array(pair, { maxLength: 4 }).map((pairs) => {
    if (pairs.length === 0) return '';
    const search = new URLSearchParams();
    for (const [key, value] of pairs) search.append(key, value);
    return `?${search}`;
  });
}

/** Header values a client might send, including ones no browser would. */
export const junkHeaders = fc.record(
  {
    'accept-encoding': fc.constantFrom('gzip', 'br', 'identity', '*', 'x;q=0'),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'garbage', '::1, 10.0.0.1', ''),
    'x-request-id': fc.oneof(
      fc.constantFrom('abc', '../../', 'x'.repeat(100)),
      fc.string({ maxLength: 20 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
    ),
    accept: fc.constantFrom('application/json', 'text/html', '*/*', 'image/webp'),
    'accept-language': fc.constantFrom('en-NG', 'ha', '*', ''),
  },
  { requiredKeys: [] },
);

/**
 * A 4xx body in one of the contract's error shapes: `{detail: string, …}`, or Django REST framework's
 * field errors `{field: [messages or per-row objects]}`.
 */
export function isContractError(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const record = body as Record<string, unknown>;
  if (typeof record.detail === 'string') return true;
  const entries = Object.entries(record);
  return entries.length > 0 && entries.every(([, value]) => Array.isArray(value));
}
