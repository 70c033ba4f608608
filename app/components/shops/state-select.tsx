import { useT } from '#app/lib/i18n/words.ts';
import { NIGERIAN_STATES } from '#rules/states.ts';

/** The form's button sends it without JavaScript; with it, choosing is enough. */
export function StateSelect({ state, label }: { state: string | null; label: string }) {
  const t = useT();
  return (
    <label>
      <span>{label}</span>
      <select name="state" key={state ?? ''} defaultValue={state ?? ''} onChange={(event) => event.currentTarget.form?.requestSubmit()}>
        <option value="">{t('state.all')}</option>
        {NIGERIAN_STATES.map((name) => (
          <option key={name}>{name}</option>
        ))}
      </select>
    </label>
  );
}
