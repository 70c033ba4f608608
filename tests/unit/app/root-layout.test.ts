import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Layout } from '#app/root.tsx';
import { AREAS } from '#rules/i18n/areas.ts';

const Refused = () => createElement(Layout, null, 'Refused.');

/** The page shell as drawn when a request was refused before any loader ran: no root data, so no words. */
function shellWithoutRootData(): string {
  // A stub has no build manifest, so React Router's script links come without an address and React says so.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const Stub = createRoutesStub([{ id: 'root', path: '/', Component: Refused }]);
  return renderToString(createElement(Stub, { initialEntries: ['/'] }));
}

describe('the page shell without the root loader', () => {
  it("stands alone, never showing the catalogs' keys where the header's words would be", () => {
    const text = shellWithoutRootData().replace(/<[^>]*>/g, ' ');
    expect(text).toContain('Refused.');
    expect(Object.keys(AREAS.common.source).filter((key) => text.includes(key))).toEqual([]);
  });
});
