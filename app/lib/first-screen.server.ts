// The first screenful's photos before any script on a slow link (docs/decisions/025-photos-before-scripts.md).

const HELD_PRELOAD_REL = 'later-preload';
const HELD_SCRIPT_TYPE = 'kasuwa/later';

// Stand-ins as long as what React Router writes, so the page changes in place; quotes in text are escaped, so only attributes match.
const MODULE_PRELOAD = 'rel="modulepreload"';
const HELD_PRELOAD = `rel="${HELD_PRELOAD_REL}"`;
const MODULE_SCRIPT = 'type="module" async=""';
const HELD_SCRIPT = `type="${HELD_SCRIPT_TYPE}"`.padEnd(MODULE_SCRIPT.length);
/** Hydration starts by then even if a photo of the first screenful never settles. */
const SCRIPTS_AT_THE_LATEST_MS = 10_000;

function replaceInPlace(html: Buffer, from: string, to: string) {
  for (let at = html.indexOf(from); at !== -1; at = html.indexOf(from, at + to.length)) html.write(to, at, 'latin1');
}

export function holdHydration(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  replaceInPlace(html, MODULE_PRELOAD, HELD_PRELOAD);
  replaceInPlace(html, MODULE_SCRIPT, HELD_SCRIPT);
  return html;
}

/** Sent as its source text to run in the browser: it may use nothing from outside itself. */
function firstScreenFirst(heldType: string, heldRel: string, latestMs: number) {
  let started = false;
  const startScripts = () => {
    if (started) return;
    started = true;
    for (const link of document.querySelectorAll<HTMLLinkElement>(`link[rel="${heldRel}"]`)) link.rel = 'modulepreload';
    for (const held of document.querySelectorAll<HTMLScriptElement>(`script[type="${heldType}"]`)) {
      const script = document.createElement('script');
      script.type = 'module';
      script.nonce = held.nonce;
      script.text = held.text;
      document.head.append(script);
    }
  };
  if (!('IntersectionObserver' in window)) return addEventListener('DOMContentLoaded', startScripts);
  document.documentElement.classList.add('photos-wait');
  const arrived = (images: (HTMLImageElement | null)[]) =>
    Promise.all(
      images.map(
        (image) =>
          image &&
          !image.complete &&
          new Promise((settle) =>
            ['load', 'error'].forEach((type) => {
              image.addEventListener(type, settle);
            }),
          ),
      ),
    );
  let firstShown: (images: (HTMLImageElement | null)[]) => void;
  const shownFirst = new Promise<(HTMLImageElement | null)[]>((resolve) => (firstShown = resolve));
  // A photo loads once on screen: earlier, it costs data to someone who may never scroll to it.
  const observer = new IntersectionObserver((entries) => {
    const shown = entries.filter((entry) => entry.isIntersecting).map((entry) => entry.target);
    for (const box of shown) {
      box.classList.add('near');
      observer.unobserve(box);
    }
    firstShown(shown.map((box) => box.querySelector('img')));
  });
  const watch = (scope: Element | Document) => {
    if (scope instanceof Element && scope.matches('.photo')) observer.observe(scope);
    for (const box of scope.querySelectorAll('.photo:not(.near)')) observer.observe(box);
  };
  addEventListener('DOMContentLoaded', () => {
    setTimeout(startScripts, latestMs);
    // Every photo on the first screen comes together, as without script: one held back behind the others
    // would only arrive with the scripts.
    new MutationObserver((changes) => {
      for (const change of changes) for (const node of change.addedNodes) if (node instanceof Element) watch(node);
    }).observe(document.body, { childList: true, subtree: true });
    watch(document);
    Promise.all([
      arrived([...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')]),
      document.querySelector('.photo') && shownFirst.then(arrived),
    ]).then(startScripts);
  });
}

export const FIRST_SCREEN_SCRIPT = `(${firstScreenFirst.toString()})(${[HELD_SCRIPT_TYPE, HELD_PRELOAD_REL, SCRIPTS_AT_THE_LATEST_MS].map((value) => JSON.stringify(value)).join(',')})`;
