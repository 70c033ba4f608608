import { type FieldMetadata, type FormMetadata, getInputProps } from '@conform-to/react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useFirstErrorFocus } from '#app/lib/forms/first-error.ts';
import { useT } from '#app/lib/i18n/words.ts';
import { useSeen } from '#app/lib/seen.ts';

type FieldProps = {
  label: string;
  meta: FieldMetadata<string>;
  type: 'text' | 'email' | 'password' | 'tel';
  /** Shown under the label and read with the field, such as the phone format. */
  hint?: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'autoComplete' | 'inputMode' | 'autoCapitalize' | 'spellCheck' | 'autoFocus' | 'list'>;

export function Field({ label, meta, type, hint, ...attributes }: FieldProps) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  // Conform's props carry a `key` (it remounts the input to reset it); React wants keys passed on their own.
  const { key, ...input } = getInputProps(meta, { type, ariaDescribedBy: hintId });
  const firstError = useFirstErrorFocus(meta.errors);
  return (
    <FieldFrame label={label} hint={hint} hintId={hintId} meta={meta}>
      {/* biome-ignore lint/a11y/noAutofocus: a page answering a refused form opens on its first wrong field */}
      <input key={key} autoFocus={firstError} {...input} {...attributes} />
    </FieldFrame>
  );
}

/** A field's label, hint and message around its control, for every kind of field. */
export function FieldFrame({
  label,
  hint,
  hintId,
  meta,
  children,
}: {
  label: string;
  hint?: string;
  hintId?: string;
  meta: Pick<FieldMetadata<unknown>, 'id' | 'errorId' | 'errors'>;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      {hint && (
        <small id={hintId} className="field-hint">
          {hint}
        </small>
      )}
      {children}
      {/* Always present, so a screen reader announces a message that appears while typing. */}
      <p id={meta.errorId} className="field-error" aria-live="polite">
        {meta.errors?.map(t.said).join(', ')}
      </p>
    </div>
  );
}

/** The form's own messages (the provider's `detail`, a network failure), above the fields. */
export function FormMessage<Schema extends Record<string, unknown>>({ form }: { form: FormMetadata<Schema> }) {
  // With a field's message too, the focus stays on the first such field, where Conform puts it.
  const onFields = Object.entries(form.allErrors).some(([name, errors]) => name !== '' && errors.length > 0);
  const ref = useSeen<HTMLDivElement>(onFields ? undefined : form.errors?.join('\n'));
  const t = useT();
  if (!form.errors?.length) return null;
  return (
    <div ref={ref} id={form.errorId} className="notice error" role="alert" tabIndex={-1}>
      {form.errors.map((message) => (
        <p key={message}>{t.said(message)}</p>
      ))}
    </div>
  );
}
