import { useLocation } from 'react-router';
import { useLiteMode } from '#app/lib/lite-mode.ts';

/** A plain form: it must work in the mode it turns on, which has no script. */
export function LiteSwitch({ note = false }: { note?: boolean }) {
  const lite = useLiteMode();
  const { pathname, search } = useLocation();
  return (
    <form method="post" action="/lite" className="lite-switch">
      {note && lite && <span id="lite-mode">Lite mode: no scripts, fewer and smaller photos. </span>}
      <input type="hidden" name="back" value={pathname + search} />
      <button type="submit" name="lite" value={lite ? 'off' : 'on'}>
        {lite ? 'Turn off Lite mode' : 'Lite mode (saves data)'}
      </button>
    </form>
  );
}
