import { type FormEvent, useRef } from 'react';

/**
 * A form's schema and parser, fetched at its first touch rather than with the page (docs/decisions/081):
 * a submit before they arrive waits for them; if they cannot come, the form posts as without JavaScript.
 */
export function useLazyValidation<Validator>(load: () => Promise<Validator>) {
  const loaded = useRef<Validator | null>(null);
  const loading = useRef<Promise<Validator> | null>(null);
  const start = () => {
    loading.current ??= load().then(
      (validator) => (loaded.current = validator),
      (error: unknown) => {
        loading.current = null;
        throw error;
      },
    );
    return loading.current;
  };
  const prefetch = () => void start().catch(() => undefined);
  return {
    /** Called only from a submit that `formHandlers` let through, so it has arrived. */
    validator: () => loaded.current!,
    /** The form's handlers: fetching starts at the first touch; `submit` (Conform's) runs once it has arrived. */
    formHandlers: (submit: (event: FormEvent<HTMLFormElement>) => void) => ({
      onFocus: prefetch,
      onPointerDown: prefetch,
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        if (loaded.current) return submit(event);
        event.preventDefault();
        const form = event.currentTarget;
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        start().then(
          () => form.requestSubmit(submitter),
          () => form.submit(),
        );
      },
    }),
  };
}
