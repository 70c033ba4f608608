import { type MouseEvent, useEffect, useRef } from 'react';
import { Form, Link, useNavigate, useNavigation } from 'react-router';
import type { Shop } from '../../lib/provider/contract';

const MY_SHOPS = '/myShop';

/**
 * "Delete this shop?" for `/myShop?delete={id}`. The server's HTML has it open in the page, so it works
 * without JavaScript (Confirm posts, Cancel is a link back); with JavaScript it becomes a modal dialog that
 * Escape or a click on the backdrop closes, except while the deletion is on its way (SPEC §4).
 */
export function DeleteShopDialog({ shop, error }: { shop: Shop; error?: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const deleting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'delete';

  useEffect(() => {
    const element = dialog.current;
    if (!element || typeof element.showModal !== 'function' || element.matches(':modal')) return;
    element.close();
    element.showModal();
  }, []);

  const close = () => {
    if (!deleting) navigate(MY_SHOPS, { replace: true, preventScrollReset: true });
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
      <h2 id="confirm-delete-title">Delete {shop.name}?</h2>
      <p id="confirm-delete-text">The shop and all its products will be removed. This cannot be undone.</p>
      {error && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
      <Form method="post" action={`${MY_SHOPS}?delete=${encodeURIComponent(shop.id)}`} preventScrollReset>
        <input type="hidden" name="shopId" value={shop.id} />
        <Link
          to={MY_SHOPS}
          replace
          preventScrollReset
          className="button secondary"
          aria-disabled={deleting || undefined}
          onClick={(event) => deleting && event.preventDefault()}
          autoFocus
        >
          Cancel
        </Link>
        <button type="submit" name="intent" value="delete" disabled={deleting}>
          {deleting ? 'Deleting…' : 'Confirm'}
        </button>
      </Form>
    </dialog>
  );
}
