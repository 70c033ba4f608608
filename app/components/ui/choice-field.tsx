import { type FieldMetadata, getSelectProps } from '@conform-to/react';
import type { ReactNode } from 'react';
import { useFirstErrorFocus } from '#app/lib/forms/first-error.ts';

/** A labelled select with its message below, as Field is for an input. */
export function ChoiceField({ label, meta, children }: { label: string; meta: FieldMetadata<string | undefined>; children: ReactNode }) {
  const { key, ...select } = getSelectProps(meta);
  const firstError = useFirstErrorFocus(meta.errors);
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      {/* biome-ignore lint/a11y/noAutofocus: a page answering a refused form opens on its first wrong field */}
      <select key={key} autoFocus={firstError} {...select}>
        {children}
      </select>
      <p id={meta.errorId} className="field-error" aria-live="polite">
        {meta.errors?.join(', ')}
      </p>
    </div>
  );
}
