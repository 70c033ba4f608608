import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import Home from '#app/routes/home.tsx';
import { MSG } from '#rules/messages.ts';
import { inLanguage } from '../../support/words';

/** The home page as React Router renders it for a loader that answered `loaderData`. */
function homeWith(loaderData: { shops: never[]; chips: string[]; state: string | null; page: number; nextPage: number | null; failed: boolean }): string {
  const Stub = createRoutesStub([{ id: 'home', path: '/', Component: Home, loader: () => loaderData }]);
  return renderToString(
    inLanguage('en', ['browse', 'shops'], createElement(Stub, { initialEntries: ['/'], hydrationData: { loaderData: { home: loaderData } } })),
  );
}

describe('the home page', () => {
  it('says no shops are available when the provider lists none', () => {
    const html = homeWith({ shops: [], chips: [], state: null, page: 1, nextPage: null, failed: false });
    expect(html).toContain(MSG.homeEmpty);
    expect(MSG.homeEmpty).toBe('No shops available right now. Check back later!');
    expect(html).not.toContain('aria-label="Shops for you"');
    expect(html).not.toContain(MSG.networkOrUnexpected);
  });

  it('says which state has no shops when the visitor narrowed the list to it', () => {
    const html = homeWith({ shops: [], chips: ['Food'], state: 'Kebbi', page: 1, nextPage: null, failed: false });
    expect(html).toContain(MSG.noShopsInState('Kebbi'));
    expect(MSG.noShopsInState('Kebbi')).toBe('No shops in Kebbi yet. Try all of Nigeria.');
    expect(html).toContain('<option selected="">Kebbi</option>');
  });
});
