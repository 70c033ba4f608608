import { useT } from '#app/lib/i18n/words.ts';

/** On every thread and message form: scams start where money moves before the goods are seen. */
export function SafetyLine() {
  return <p className="safety-line">{useT()('safety.line')}</p>;
}
