import { describe, expect, it } from 'vitest';
import { keptFromForm, pagePath } from '#app/lib/kept-form.server.ts';

const form = (entries: [string, string | Blob][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe('text kept across an idle sign-out (docs/decisions/063-typed-work-outlives-idle-sign-out.md)', () => {
  it('names the page a data request belongs to', () => {
    expect(pagePath(new URL('http://x/editShop/a1/edit-shop.data?index&_routes=root'))).toBe('/editShop/a1/edit-shop');
    expect(pagePath(new URL('http://x/_root.data'))).toBe('/');
    expect(pagePath(new URL('http://x/shop/a1/add-products?step=2'))).toBe('/shop/a1/add-products?step=2');
  });

  it('keeps text fields of a post, never passwords, tokens or files', () => {
    const kept = keptFromForm(
      form([
        ['description', 'Palm oil by the keg'],
        ['password', 'stall-keeper-42'],
        ['csrf', 'x'],
        ['image', new Blob(['photo'])],
        ['area', ''],
      ]),
      new URL('http://x/editShop/a1/edit-shop.data'),
    );
    expect(kept).toEqual({ path: '/editShop/a1/edit-shop', fields: [['description', 'Palm oil by the keg']], cut: false });
  });

  it("takes the idle timer's page and prefixed fields at /logout, and refuses another site", () => {
    const url = new URL('http://x/logout');
    expect(
      keptFromForm(
        form([
          ['intent', 'idle'],
          ['keptFrom', '/createShop'],
          ['keep:name', "Ada's Corner"],
        ]),
        url,
      ),
    ).toEqual({
      path: '/createShop',
      fields: [['name', "Ada's Corner"]],
      cut: false,
    });
    expect(
      keptFromForm(
        form([
          ['keptFrom', '//evil.example'],
          ['keep:name', 'x'],
        ]),
        url,
      ),
    ).toBeNull();
  });
});
