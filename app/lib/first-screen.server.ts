/**
 * What a phone on a slow link fetches first. React Router's <Scripts/> asks for the hydration scripts at
 * once: modulepreload links (which React lifts into <head>, ahead of everything) and a module script whose
 * imports fetch the rest, all of which would share the link with the first screenful's photos.
 * `holdHydration` makes both inert in the page as rendered; the inline script below brings them back once
 * those photos have arrived, and keeps photos below the fold out of the browser's sight until they come
 * onto the screen. Without JavaScript none of it runs: the page is the same HTML, and every photo loads
 * (browsers do not lazy-load without scripting), the first screenful's at a higher priority.
 */

const HELD_PRELOAD_REL = 'later-preload';
const HELD_SCRIPT_TYPE = 'kasuwa/later';

/**
 * What React Router writes, and what stands in for it until the first screenful's photos have arrived, of
 * the same length, so the rendered page is changed in place. Quotes in text and in the hydration data are
 * escaped, so only real attributes match.
 */
const MODULE_PRELOAD = 'rel="modulepreload"';
const HELD_PRELOAD = `rel="${HELD_PRELOAD_REL}"`;
const MODULE_SCRIPT = 'type="module" async=""';
const HELD_SCRIPT = `type="${HELD_SCRIPT_TYPE}"`.padEnd(MODULE_SCRIPT.length);
/** Hydration starts by then even if a photo of the first screenful never settles. */
const SCRIPTS_AT_THE_LATEST_MS = 10_000;

function replaceInPlace(html: Buffer, from: string, to: string) {
  for (let at = html.indexOf(from); at !== -1; at = html.indexOf(from, at + to.length)) html.write(to, at, 'latin1');
}

/** Makes React Router's modulepreload links and its module script inert, in the rendered page itself. */
export function holdHydration(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  replaceInPlace(html, MODULE_PRELOAD, HELD_PRELOAD);
  replaceInPlace(html, MODULE_SCRIPT, HELD_SCRIPT);
  return html;
}

/** Runs in the browser, inline at the top of <head>, before the body is parsed. */
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
      images.map((image) => image && !image.complete && new Promise((settle) => ['load', 'error'].forEach((type) => image.addEventListener(type, settle)))),
    );
  let firstShown: (images: (HTMLImageElement | null)[]) => void;
  const shownFirst = new Promise<(HTMLImageElement | null)[]>((resolve) => (firstShown = resolve));
  // A photo starts loading once it is on screen, not before: asked for earlier, each costs data to someone
  // who may never scroll to it, and on a slow link it would still come a round trip late; its box shows
  // the photo's colour meanwhile.
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
    arrived([...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')])
      .then(() => {
        // Photos React draws later (another page of results) are watched as they come.
        new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach((node) => node instanceof Element && watch(node)))).observe(
          document.body,
          { childList: true, subtree: true },
        );
        watch(document);
        return document.querySelector('.photo') && shownFirst.then(arrived);
      })
      .then(startScripts);
  });
}

/** The inline script's text. */
export const FIRST_SCREEN_SCRIPT = `(${firstScreenFirst.toString()})(${[HELD_SCRIPT_TYPE, HELD_PRELOAD_REL, SCRIPTS_AT_THE_LATEST_MS].map((value) => JSON.stringify(value)).join(',')})`;
