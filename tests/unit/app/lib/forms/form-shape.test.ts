import { describe, expect, it } from 'vitest';
import { forgotPasswordSchema, loginSchema, resetPasswordFormSchema, signupSchema } from '#app/lib/forms/account-forms.ts';
import { fitsSchema } from '#app/lib/forms/form-shape.server.ts';
import { addProductsSchema, deleteProductSchema, editProductSchema } from '#app/lib/forms/product-forms.ts';
import { createShopFormSchema, editShopFormSchema } from '#app/lib/forms/shop-forms.ts';
import { parseSubmission } from '#app/lib/forms/submission.server.ts';

function form(entries: [string, string | File][]): FormData {
  const body = new FormData();
  for (const [name, value] of entries) body.append(name, value);
  return body;
}

const photo = () => new File([new Uint8Array(10)], 'rice.jpg', { type: 'image/jpeg' });
const untouched = () => new File([], '', { type: 'application/octet-stream' });

/** The add form as a browser sends it: `rows` rows of three fields, and the list button pressed, if any. */
function addForm(rows: number, intent?: object): FormData {
  const entries: [string, string | File][] = [];
  for (let row = 0; row < rows; row++) {
    entries.push([`products[${row}].name`, ''], [`products[${row}].price`, ''], [`products[${row}].image`, untouched()]);
  }
  if (intent) entries.push(['__intent__', JSON.stringify(intent)]);
  return form(entries);
}

describe('field names checked against the form’s schema before Conform reads them', () => {
  it('takes every form as its page sends it', () => {
    expect(
      fitsSchema(
        form([
          ['username_or_email', 'ada'],
          ['password', 'secret1'],
        ]),
        loginSchema,
      ),
    ).toBe(true);
    const signup: [string, string][] = [
      ['email', 'a@b.ng'],
      ['username', 'ada'],
      ['phone_number', '0803'],
      ['password', 'secret1'],
    ];
    expect(fitsSchema(form(signup), signupSchema)).toBe(true);
    expect(fitsSchema(form([['email', 'a@b.ng']]), forgotPasswordSchema)).toBe(true);
    expect(
      fitsSchema(
        form([
          ['new_password', 'x'],
          ['confirm_password', 'x'],
        ]),
        resetPasswordFormSchema,
      ),
    ).toBe(true);
    const shop: [string, string | File][] = [
      ['name', 'A'],
      ['address', 'B'],
      ['category', 'C'],
      ['description', 'D'],
      ['tags', 'e, f'],
      ['image', photo()],
    ];
    expect(fitsSchema(form(shop), createShopFormSchema)).toBe(true);
    expect(fitsSchema(form(shop), editShopFormSchema)).toBe(true);
    expect(
      fitsSchema(
        form([
          ['name', 'Yam'],
          ['price', '10'],
          ['image', photo()],
          ['photos', photo()],
          ['photos', photo()],
          ['remove_photo', 'products/a/main.jpg'],
        ]),
        editProductSchema({ name: 'Yam', price: 5, description: null, condition: null, negotiable: false, in_stock: true }),
      ),
    ).toBe(true);
    expect(
      fitsSchema(
        form([
          ['intent', 'delete'],
          ['productId', 'p1'],
        ]),
        deleteProductSchema,
      ),
    ).toBe(true);
    expect(fitsSchema(addForm(20), addProductsSchema)).toBe(true);
  });

  it('refuses a list index in an account field, however small', () => {
    for (const name of ['username_or_email[1000000000]', 'username_or_email[0]', 'password[]', 'password.length']) {
      expect(
        fitsSchema(
          form([
            [name, 'a'],
            ['password', 'x'],
          ]),
          loginSchema,
        ),
        name,
      ).toBe(false);
    }
    expect(fitsSchema(form([['email[99999]', 'a']]), forgotPasswordSchema)).toBe(false);
    expect(fitsSchema(form([['new_password[5]', 'a']]), resetPasswordFormSchema)).toBe(false);
    expect(fitsSchema(form([['phone_number[0]', 'a']]), signupSchema)).toBe(false);
  });

  it('takes a name repeated for a list of values up to its limit', () => {
    const edit = editProductSchema({ name: 'Yam', price: 5, description: null, condition: null, negotiable: false, in_stock: true });
    const photos = (count: number) => form(Array.from({ length: count }, (): [string, File] => ['photos', photo()]));
    expect(fitsSchema(photos(5), edit)).toBe(true);
    expect(fitsSchema(photos(6), edit)).toBe(false);
  });

  it('takes add-products rows below the batch limit and refuses any beyond it', () => {
    expect(fitsSchema(form([['products[19].name', 'Yam']]), addProductsSchema)).toBe(true);
    for (const name of ['products[20].name', 'products[99999].name', 'products[1000000000].name', 'products[9007199254740993].price', 'products[-1].name']) {
      expect(fitsSchema(form([[name, 'Yam']]), addProductsSchema), name).toBe(false);
    }
  });

  it('refuses names the schema does not have, Conform’s state, nesting past a field, and names Conform cannot read', () => {
    const refused = [
      'redirectTo',
      '__state__',
      '__proto__',
      'constructor',
      'hasOwnProperty',
      '',
      'products',
      'products[0]',
      'products.name',
      'products[0].name.first',
      'products[0][0]',
      'products[0].name[0]',
      `products${'[0]'.repeat(30)}`,
      'products..name',
      'products[1e3].name',
    ];
    for (const name of refused) expect(fitsSchema(form([[name, 'x']]), addProductsSchema), name).toBe(false);
  });
});

describe('Conform’s list buttons (`__intent__`) held to the same bounds', () => {
  it('takes the add and remove buttons as the page sends them', () => {
    expect(fitsSchema(addForm(3, { type: 'insert', payload: { name: 'products', defaultValue: {} } }), addProductsSchema)).toBe(true);
    expect(fitsSchema(addForm(3, { type: 'remove', payload: { name: 'products', index: 2 } }), addProductsSchema)).toBe(true);
    expect(fitsSchema(addForm(19, { type: 'insert', payload: { name: 'products', defaultValue: {} } }), addProductsSchema)).toBe(true);
  });

  it('refuses an intent that names a row beyond the limit, a place the form lacks, or a value of another shape', () => {
    const refused = [
      { type: 'insert', payload: { name: 'products', defaultValue: {} }, rows: 20 },
      { type: 'insert', payload: { name: 'products', index: 1000000000 } },
      { type: 'insert', payload: { name: 'products[0].name' } },
      { type: 'insert', payload: { name: 'products', defaultValue: { name: ['a'], colour: 'red' } } },
      { type: 'remove', payload: { name: 'products', index: 1000000000 } },
      { type: 'remove', payload: { name: 'products', index: -1 } },
      { type: 'remove', payload: { name: 'products' } },
      { type: 'reorder', payload: { name: 'products', from: 0, to: 1000000000 } },
      { type: 'update', payload: { name: 'products', index: 1000000000, value: {} } },
      { type: 'update', payload: { name: 'products', index: 1.5, value: {} } },
      { type: 'update', payload: { name: 'products[1000000000].name', value: 'x' } },
      { type: 'update', payload: { value: { products: Array.from({ length: 21 }, () => ({})) } } },
      { type: 'update', payload: { value: { products: [{ name: { deep: { deeper: 'x' } } }] } } },
      { type: 'update', payload: { value: 'x' } },
      { type: 'reset', payload: { name: 'products', index: 99999 } },
      { type: 'validate', payload: { name: 'products[20]' } },
      { type: 'launch', payload: {} },
      { type: 'insert' },
    ];
    for (const { rows = 3, ...intent } of refused) {
      expect(fitsSchema(addForm(rows, intent), addProductsSchema), JSON.stringify(intent)).toBe(false);
    }
    expect(
      fitsSchema(
        form([
          ['username_or_email', 'a'],
          ['__intent__', JSON.stringify({ type: 'update', payload: { name: 'username_or_email', index: 1000000000, value: 'a' } })],
        ]),
        loginSchema,
      ),
    ).toBe(false);
    expect(fitsSchema(form([['__intent__', 'not json']]), loginSchema)).toBe(false);
    expect(fitsSchema(form([['__intent__', photo()]]), loginSchema)).toBe(false);
  });
});

describe('parsing a submission', () => {
  // Without the check Conform would build a list of a billion entries: the test would run out of time and memory.
  it('answers a list index in a sign-in field with a 400, before Conform builds anything', () => {
    expect(() =>
      parseSubmission(
        form([
          ['username_or_email[1000000000]', 'a'],
          ['password', 'x'],
        ]),
        loginSchema,
      ),
    ).toThrow(expect.objectContaining({ init: { status: 400 } }));
    expect(() => parseSubmission(addForm(3, { type: 'insert', payload: { name: 'products[1000000000].name' } }), addProductsSchema)).toThrow(
      expect.objectContaining({ init: { status: 400 } }),
    );
  });

  it('reads an add-products form with its remove button pressed as the page without JavaScript sends it', () => {
    const submission = parseSubmission(addForm(3, { type: 'remove', payload: { name: 'products', index: 1 } }), addProductsSchema);
    expect(submission.status).toBeUndefined();
    expect(submission.payload).toMatchObject({ products: [{}, {}] });
  });
});
