import { NIGERIAN_STATES } from '#rules/states.ts';

/**
 * The state a list is narrowed to, inside a GET form whose button sends it without JavaScript; with
 * JavaScript, choosing is enough (one tap on the option).
 */
export function StateSelect({ state, label }: { state: string | null; label: string }) {
  return (
    <label>
      <span>{label}</span>
      <select name="state" key={state ?? ''} defaultValue={state ?? ''} onChange={(event) => event.currentTarget.form?.requestSubmit()}>
        <option value="">All of Nigeria</option>
        {NIGERIAN_STATES.map((name) => (
          <option key={name}>{name}</option>
        ))}
      </select>
    </label>
  );
}
