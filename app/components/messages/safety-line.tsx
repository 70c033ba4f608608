import { MSG } from '#rules/messages.ts';

/** On every thread and message form: scams start where money moves before the goods are seen. */
export function SafetyLine() {
  return <p className="safety-line">{MSG.safetyLine}</p>;
}
