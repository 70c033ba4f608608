import { type MouseEvent, type ReactNode, useEffect, useRef } from 'react';
import { Form, Link, useNavigate, useNavigation } from 'react-router';
import { useT } from '#app/lib/i18n/words.ts';

type ConfirmDeleteDialogProps = {
  title: string;
  text: string;
  /** The page without `?delete=…`: where Cancel, Escape and a backdrop click go. */
  closeTo: string;
  /** The page with `?delete=…`, so a failed deletion comes back to the open dialog with its message. */
  action: string;
  fields: Record<string, string>;
  error?: ReactNode;
};

/**
 * Open in the server's HTML for a page at `?delete={id}`, so it works without JavaScript; with it, a modal
 * that Escape or the backdrop closes, except while deleting (docs/product.md §4).
 */
export function ConfirmDeleteDialog({ title, text, closeTo, action, fields, error }: ConfirmDeleteDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const deleting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'delete';
  const t = useT();

  useEffect(() => {
    const element = dialog.current;
    if (!element || typeof element.showModal !== 'function' || element.matches(':modal')) return;
    element.close();
    element.showModal();
  }, []);

  const close = () => {
    if (!deleting) navigate(closeTo, { replace: true, preventScrollReset: true });
  };
  const closeFromBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    // The backdrop's clicks land on the dialog itself, as do clicks on its padding: only outside its box counts.
    const box = event.currentTarget.getBoundingClientRect();
    const outside = event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
    if (event.target === event.currentTarget && outside) close();
  };

  return (
    <dialog
      ref={dialog}
      open
      className="confirm-delete"
      aria-labelledby="confirm-delete-title"
      aria-describedby="confirm-delete-text"
      onCancel={(event) => {
        // The address says the dialog is open, so closing it means leaving that address.
        event.preventDefault();
        close();
      }}
      onClose={(event) => {
        // Chrome closes a modal dialog on a repeated Escape even when told not to; reopen it until the deletion ends.
        if (deleting) event.currentTarget.showModal();
      }}
      onClick={closeFromBackdrop}
    >
      <h2 id="confirm-delete-title">{title}</h2>
      <p id="confirm-delete-text">{text}</p>
      {error && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
      <Form method="post" action={action} preventScrollReset>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Link
          to={closeTo}
          replace
          preventScrollReset
          className="button secondary"
          aria-disabled={deleting || undefined}
          onClick={(event) => deleting && event.preventDefault()}
          autoFocus
        >
          {t('dialog.cancel')}
        </Link>
        <button type="submit" name="intent" value="delete" disabled={deleting}>
          {deleting ? t('dialog.deleting') : t('dialog.confirm')}
        </button>
      </Form>
    </dialog>
  );
}
