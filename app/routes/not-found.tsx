import { data } from 'react-router';
import { MSG } from '#rules/messages.ts';

function notFound(): never {
  throw data(MSG.pageNotFound, { status: 404 });
}

/** Any address no route claims: a real 404 status, shown by the root error boundary. */
export function loader() {
  notFound();
}

/** A form posted to an address no route claims is the same 404, not a logged "no action" error. */
export function action() {
  notFound();
}

export default function NotFound() {
  return null;
}
