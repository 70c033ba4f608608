import { type FieldMetadata, getSelectProps } from '@conform-to/react';
import type { ReactNode } from 'react';
import { FieldFrame } from '#app/components/ui/field.tsx';
import { useFirstErrorFocus } from '#app/lib/forms/first-error.ts';

/** A labelled select with its message below, as Field is for an input. */
export function ChoiceField({ label, meta, children }: { label: string; meta: FieldMetadata<string | undefined>; children: ReactNode }) {
  const { key, ...select } = getSelectProps(meta);
  const firstError = useFirstErrorFocus(meta.errors);
  return (
    <FieldFrame label={label} meta={meta}>
      {/* biome-ignore lint/a11y/noAutofocus: a page answering a refused form opens on its first wrong field */}
      <select key={key} autoFocus={firstError} {...select}>
        {children}
      </select>
    </FieldFrame>
  );
}
