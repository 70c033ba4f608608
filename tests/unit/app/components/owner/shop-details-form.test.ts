import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ShopDetailsForm } from '#app/components/owner/shop-details-form.tsx';
import { TEXT_MAX } from '#rules/limits.ts';
import { inLanguage } from '../../../support/words';

let shownMode: 'create' | 'edit' = 'create';
// The form's <Form> needs a router around it.
const FormPage = () => inLanguage('en', ['owner', 'forms'], createElement(ShopDetailsForm, { mode: shownMode }));
const FormRouter = createRoutesStub([{ path: '/', Component: FormPage }]);

function formHtml(mode: 'create' | 'edit'): string {
  shownMode = mode;
  return renderToString(createElement(FormRouter)).replace(/<!-- -->/g, '');
}

/** The field a label names, as the server's HTML has it. */
function fieldOf(html: string, label: string): string {
  const id = new RegExp(`<label for="([^"]+)">${label}</label>`).exec(html)?.[1];
  if (!id) throw new Error(`no label "${label}"`);
  const field = new RegExp(`<(?:input|textarea|select)[^>]*id="${id}"[^>]*>`).exec(html)?.[0];
  if (!field) throw new Error(`no field for "${label}"`);
  return field;
}

describe('the shop form', () => {
  it("shows every field of a shop in the form's order, saying which ones Create Shop leaves optional", () => {
    const html = formHtml('create');
    const labels = [...html.matchAll(/<label for="[^"]+">([^<]+)<\/label>/g)].map((match) => match[1]);
    expect(labels).toEqual([
      'Shop name',
      'Address',
      'Area or city (optional)',
      'State',
      'Phone for buyers (optional)',
      'WhatsApp number (optional)',
      'Category',
      'Description',
      'Tags (optional)',
      'Shop image',
    ]);
  });

  it('lets a phone without JavaScript check what Create Shop requires and each length itself', () => {
    const html = formHtml('create');
    expect(fieldOf(html, 'Shop name')).toMatch(/ required=""/);
    expect(fieldOf(html, 'Shop name')).toContain(`maxLength="${TEXT_MAX.shopName}"`);
    expect(fieldOf(html, 'Description')).toMatch(/^<textarea[^>]* required=""/);
    expect(fieldOf(html, 'Area or city \\(optional\\)')).not.toMatch(/ required=""/);
    expect(fieldOf(html, 'Area or city \\(optional\\)')).toContain(`maxLength="${TEXT_MAX.shopArea}"`);
    expect(fieldOf(html, 'State')).toMatch(/^<select[^>]* required=""/);
    expect(fieldOf(html, 'Phone for buyers \\(optional\\)')).toMatch(/^<input[^>]* type="tel"/);
  });

  it('requires nothing on Edit Shop', () => {
    expect(formHtml('edit')).not.toMatch(/ required=""/);
  });
});
