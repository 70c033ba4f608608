import { data } from 'react-router';

/** Any address no route claims: a real 404 status, shown by the root error boundary. */
export function loader() {
  throw data('We could not find that page. It may have moved, or the link may be mistyped.', { status: 404 });
}

export default function NotFound() {
  return null;
}
