/**
 * What a phone on a slow link fetches first. React Router's <Scripts/> asks for the hydration scripts at
 * once: modulepreload links (which React lifts into <head>, ahead of everything) and a module script whose
 * imports fetch the rest, about 110 KB that would share the link with the first screenful's photos.
 * `holdHydration` makes both inert in the page as rendered; the inline script below brings them back once
 * those photos have arrived, and keeps photos below the fold out of the browser's sight until they come
 * onto the screen. Without JavaScript none of it runs: the page is the same HTML, and every photo loads
 * (browsers do not lazy-load without scripting), the first screenful's at a higher priority.
 */

const HELD_SCRIPT_TYPE = 'text/x-hydrate-later';
const HELD_PRELOAD_REL = 'x-modulepreload-later';
/**
 * How far below the screen a waiting photo starts loading: not before it is on screen. Asked for earlier,
 * each costs data to someone who may never scroll to it, and on a slow link it would still come a round
 * trip late; its box shows the photo's colour meanwhile.
 */
const NEAR = '0px';
/** Hydration starts by then even if a photo of the first screenful never settles. */
const SCRIPTS_AT_THE_LATEST_MS = 10_000;

export function holdHydration(html: string): string {
  return html
    .replaceAll('rel="modulepreload"', `rel="${HELD_PRELOAD_REL}"`)
    .replace(/(<script\b[^>]*?) type="module"(?: async="")?/g, `$1 type="${HELD_SCRIPT_TYPE}"`);
}

/** Runs in the browser, inline at the top of <head>, before the body is parsed. */
function firstScreenFirst(near: string, heldType: string, heldRel: string, latestMs: number) {
  let started = false;
  const startScripts = () => {
    if (started) return;
    started = true;
    document.querySelectorAll<HTMLLinkElement>(`link[rel="${heldRel}"]`).forEach((link) => (link.rel = 'modulepreload'));
    document.querySelectorAll<HTMLScriptElement>(`script[type="${heldType}"]`).forEach((held) => {
      const script = document.createElement('script');
      script.type = 'module';
      script.nonce = held.nonce;
      script.textContent = held.textContent;
      document.head.append(script);
    });
  };
  if (!('IntersectionObserver' in window)) {
    document.addEventListener('DOMContentLoaded', startScripts);
    return;
  }
  document.documentElement.classList.add('photos-wait');
  const arrived = (images: (HTMLImageElement | null)[]) =>
    Promise.all(
      images.map(
        (image) =>
          image &&
          !image.complete &&
          new Promise((settle) => {
            image.addEventListener('load', settle);
            image.addEventListener('error', settle);
          }),
      ),
    );
  let firstShown: (images: (HTMLImageElement | null)[]) => void = () => undefined;
  const shownFirst = new Promise<(HTMLImageElement | null)[]>((resolve) => (firstShown = resolve));
  const observer = new IntersectionObserver(
    (entries) => {
      const shown = entries.filter((entry) => entry.isIntersecting).map((entry) => entry.target);
      shown.forEach((box) => {
        box.classList.add('near');
        observer.unobserve(box);
      });
      firstShown(shown.map((box) => box.querySelector('img')));
    },
    { rootMargin: `0px 0px ${near} 0px` },
  );
  const watch = (scope: Element | Document) => {
    if (scope instanceof Element && scope.matches('.photo')) observer.observe(scope);
    scope.querySelectorAll('.photo:not(.near)').forEach((box) => observer.observe(box));
  };
  document.addEventListener('DOMContentLoaded', () => {
    setTimeout(startScripts, latestMs);
    void arrived(Array.from(document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')))
      .then(() => {
        // Photos React draws later (another page of results) are watched as they come.
        new MutationObserver((changes) =>
          changes.forEach((change) => change.addedNodes.forEach((node) => node instanceof Element && watch(node))),
        ).observe(document.body, { childList: true, subtree: true });
        if (!document.querySelector('.photo')) return;
        watch(document);
        return shownFirst.then(arrived);
      })
      .then(startScripts);
  });
}

/** The inline script's text. */
export const FIRST_SCREEN_SCRIPT = `(${firstScreenFirst.toString()})(${[NEAR, HELD_SCRIPT_TYPE, HELD_PRELOAD_REL, SCRIPTS_AT_THE_LATEST_MS].map((value) => JSON.stringify(value)).join(',')})`;
