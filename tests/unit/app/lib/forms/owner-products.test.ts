import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { addProductsSchema, editProductSchema, type ReadyRow } from '#app/lib/forms/product-forms.ts';
import { addProductsErrors, editProductErrors } from '#app/lib/forms/provider-errors.ts';
import { OversizedFile } from '#app/lib/forms/read-form.server.ts';
import { ProviderError } from '#app/lib/provider/errors.ts';
import { batchForm, productChangesForm } from '#app/routes/owner/products.server.ts';
import { MSG } from '#rules/messages.ts';

const photo = (name = 'rice.jpg', type = 'image/jpeg', bytes = 64) => new File([new Uint8Array(bytes)], name, { type });
const emptyFileInput = () => new File([], '', { type: 'application/octet-stream' });

/** The add form as a browser sends it: every row's three fields, blank ones included. */
function addForm(rows: { name?: string; price?: string; image?: File }[]): FormData {
  const form = new FormData();
  rows.forEach((row, index) => {
    form.set(`products[${index}].name`, row.name ?? '');
    form.set(`products[${index}].price`, row.price ?? '');
    form.set(`products[${index}].image`, row.image ?? emptyFileInput());
  });
  return form;
}

const refused = (status: number, body: unknown) => new ProviderError('http', `The provider answered ${status}.`, status, body);

describe('the add products form', () => {
  it('ignores blank rows and keeps each filled row’s place in the form', () => {
    const submission = parseWithZod(
      addForm([{}, { name: ' Garri ', price: '1500', image: photo() }, {}, { name: 'Beans', price: '850.50', image: photo('b.png', 'image/png') }]),
      {
        schema: addProductsSchema,
      },
    );
    expect(submission.status).toBe('success');
    const rows = submission.status === 'success' ? submission.value : [];
    expect(rows.map(({ index, name, price }) => ({ index, name, price }))).toEqual([
      { index: 1, name: 'Garri', price: 1500 },
      { index: 3, name: 'Beans', price: 850.5 },
    ]);
  });

  it('names each row’s problems in the words of docs/product.md §5, plus the form-wide one', () => {
    const submission = parseWithZod(
      addForm([
        { name: 'Yam', price: '2500', image: photo() },
        { name: 'Plantain', price: '-5', image: photo() },
        { price: '12abc' },
        { name: 'Logo', price: '10', image: photo('logo.gif', 'image/gif') },
      ]),
      { schema: addProductsSchema },
    );
    expect(submission.status).toBe('error');
    expect(submission.reply().error).toEqual({
      'products[1].price': [MSG.priceNegative],
      'products[2].name': [MSG.productNameRequired],
      'products[2].price': [MSG.priceInvalid],
      'products[2].image': [MSG.productImageRequired],
      'products[3].image': [MSG.imageExtension],
      '': [MSG.fixErrors],
    });
  });

  it('refuses a photo the web tier read past for its size with the message of docs/product.md §5, on its row and on the edit form', () => {
    const big = () => new OversizedFile('IMG_2041.JPG', 'image/jpeg', 21 * 1024 * 1024);
    const batch = parseWithZod(
      addForm([
        { name: 'Yam', price: '2500', image: photo() },
        { name: 'Ogbono', price: '1500', image: big() },
      ]),
      { schema: addProductsSchema },
    );
    expect(batch.reply().error).toEqual({ 'products[1].image': [MSG.cameraPhotoTooBig], '': [MSG.fixErrors] });
    const edit = new FormData();
    edit.set('price', '900');
    edit.set('image', big());
    expect(
      parseWithZod(edit, {
        schema: editProductSchema({ name: 'Yam', price: 2500, description: null, condition: null, negotiable: false, in_stock: true }),
      }).reply().error,
    ).toEqual({ image: [MSG.cameraPhotoTooBig] });
  });

  it('asks for at least one product when every row is blank, and holds at most 20 rows', () => {
    expect(parseWithZod(addForm([{}, {}, {}]), { schema: addProductsSchema }).reply().error).toEqual({ '': [MSG.productsRequired] });
    const many = Array.from({ length: 21 }, (_, index) => ({ name: `Item ${index}`, price: '100', image: photo() }));
    expect(parseWithZod(addForm(many), { schema: addProductsSchema }).reply().error).toEqual({ products: [MSG.productsTooMany] });
  });
});

describe('the batch sent to the provider', () => {
  it('is the rows as JSON and one image per row, in the same order', async () => {
    const rows: ReadyRow[] = [
      { index: 0, name: 'Garri', price: 1500, image: photo('garri.jpg') },
      { index: 2, name: 'Beans', price: 850.5, image: photo('beans.png', 'image/png', 10) },
    ];
    const form = batchForm(rows);
    expect(JSON.parse(String(form.get('products')))).toEqual([
      { name: 'Garri', price: 1500 },
      { name: 'Beans', price: 850.5 },
    ]);
    const images = form.getAll('images') as File[];
    expect(images.map((image) => [image.name, image.type, image.size])).toEqual([
      ['garri.jpg', 'image/jpeg', 64],
      ['beans.png', 'image/png', 10],
    ]);
    expect([...form.keys()]).toEqual(['products', 'images', 'images']);
  });
});

describe("the provider's refusal of a batch", () => {
  const rows: ReadyRow[] = [
    { index: 0, name: 'Garri', price: 1500, image: photo() },
    { index: 2, name: 'Beans', price: 850.5, image: photo() },
  ];

  it('puts row messages back on the rows they came from, skipping the blank rows between', () => {
    const error = refused(400, { products: [{}, { image: ['Invalid file type. Only JPEG and PNG formats are allowed.'] }], non_field_errors: [MSG.fixErrors] });
    expect(addProductsErrors(error, rows)).toEqual({
      formErrors: [MSG.fixErrors],
      fieldErrors: { 'products[2].image': [MSG.imageType] },
    });
  });

  it('says what failed after "Failed to add products. "', () => {
    expect(addProductsErrors(refused(400, { products: [MSG.productsTooMany] }), rows).formErrors).toEqual([MSG.addProductsFailed + MSG.productsTooMany]);
    expect(addProductsErrors(refused(403, { detail: MSG.forbidden }), rows).formErrors).toEqual([MSG.addProductsFailed + MSG.forbidden]);
    expect(addProductsErrors(new ProviderError('timeout', 'slow'), rows).formErrors).toEqual([MSG.addProductsFailed + MSG.requestTimedOut]);
    expect(addProductsErrors(new ProviderError('network', 'down'), rows).formErrors).toEqual([MSG.addProductsFailed + MSG.networkError]);
    expect(addProductsErrors(refused(413, { images: ['too big'] }), rows).formErrors).toEqual([MSG.addProductsFailed + MSG.uploadTooLarge]);
    expect(addProductsErrors(refused(500, { detail: 'Traceback (most recent call last)' }), rows).formErrors).toEqual([MSG.addProductsFailed + MSG.tryLater]);
    expect(addProductsErrors(refused(502, '<html>Bad gateway</html>'), rows).formErrors).toEqual([MSG.addProductsFailed + MSG.tryLater]);
  });
});

describe('the edit product form', () => {
  const saved = { name: 'Zobo drink', price: 850.5, description: 'Chilled', condition: null, negotiable: false, in_stock: true };
  const editForm = (fields: Record<string, string | File>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (!form.has('image')) form.set('image', emptyFileInput());
    return parseWithZod(form, { schema: editProductSchema(saved, form) });
  };

  it('says "No changes detected to update." for the prefilled form sent untouched, and for blank fields', () => {
    expect(editForm({ name: 'Zobo drink', price: '850.50' }).reply().error).toEqual({ '': [MSG.noChanges] });
    expect(editForm({ name: '', price: '' }).reply().error).toEqual({ '': [MSG.noChanges] });
  });

  it("sends a product's details only when they changed, an emptied description as blank and a cleared condition as unstated", () => {
    const untouched = { name: 'Zobo drink', price: '850.50', description: 'Chilled', condition: 'unstated', negotiable: 'false', in_stock: 'true' };
    expect(editForm(untouched).reply().error).toEqual({ '': [MSG.noChanges] });
    const changed = editForm({ ...untouched, condition: 'new', in_stock: 'false', description: ' ' });
    if (changed.status !== 'success') throw new Error(JSON.stringify(changed.error));
    expect([...productChangesForm(changed.value).entries()]).toEqual([
      ['description', ''],
      ['condition', 'new'],
      ['in_stock', 'false'],
    ]);
    const cleared = productChangesForm(
      editProductSchema({ ...saved, condition: 'used' }).parse({ name: 'Zobo drink', price: '850.50', condition: 'unstated' }),
    );
    expect([...cleared.entries()]).toEqual([['condition', 'unstated']]);
    expect(editForm({ ...untouched, negotiable: 'perhaps' }).reply().error).toEqual({ negotiable: [MSG.invalidChoice] });
  });

  it('refuses a third decimal and a price that is not positive', () => {
    expect(editForm({ price: '10.999' }).reply().error).toEqual({ price: [MSG.editPricePattern] });
    expect(editForm({ price: '-3' }).reply().error).toEqual({ price: [MSG.editPricePositive] });
    expect(editForm({ price: '0' }).reply().error).toEqual({ price: [MSG.editPricePositive] });
  });

  it('sends only what changed', () => {
    const changesOf = (submission: ReturnType<typeof editForm>) => {
      if (submission.status !== 'success') throw new Error(`expected no errors, got ${JSON.stringify(submission.error)}`);
      return submission.value;
    };
    const form = productChangesForm(changesOf(editForm({ name: 'Zobo drink', price: '900' })));
    expect([...form.entries()]).toEqual([['price', '900']]);

    const sent = productChangesForm(changesOf(editForm({ name: ' Zobo, chilled ', price: '', image: photo('new.png', 'image/png') })));
    expect(sent.get('name')).toBe('Zobo, chilled');
    expect(sent.has('price')).toBe(false);
    expect((sent.get('image') as File).name).toBe('new.png');
  });

  it("shows the provider's refusal next to the field, or its cause above the form", () => {
    expect(editProductErrors(refused(400, { price: ['Ensure this value is less than or equal to 1000000.'] }))).toEqual({
      formErrors: [],
      fieldErrors: { price: ['Ensure this value is less than or equal to 1000000.'] },
    });
    expect(editProductErrors(refused(400, { non_field_errors: [MSG.noChanges] })).formErrors).toEqual([MSG.noChanges]);
    expect(editProductErrors(refused(403, { detail: MSG.forbidden })).formErrors).toEqual([MSG.forbidden]);
    expect(editProductErrors(new ProviderError('timeout', 'slow')).formErrors).toEqual([MSG.requestTimedOut]);
  });
});

describe("the edit product form's more photos", () => {
  const saved = {
    name: 'Ankara',
    price: 6000,
    description: null,
    condition: null,
    negotiable: false,
    in_stock: true,
    photos: [{ key: 'products/a/main.jpg' }, { key: 'products/b/main.jpg' }],
  };
  /** As a browser sends it: the untouched picker as one empty file, each ticked box as a `remove_photo`. */
  const photosForm = (photos: File[], remove: string[] = []) => {
    const form = new FormData();
    form.set('image', emptyFileInput());
    for (const file of photos.length ? photos : [emptyFileInput()]) form.append('photos', file);
    for (const key of remove) form.append('remove_photo', key);
    return parseWithZod(form, { schema: editProductSchema(saved, form) });
  };

  it('sends removals, then the new photos, and nothing for an untouched picker', () => {
    const submission = photosForm([photo('a.jpg'), photo('b.png', 'image/png')], ['products/a/main.jpg', 'products/elsewhere/main.jpg']);
    if (submission.status !== 'success') throw new Error(JSON.stringify(submission.error));
    expect([...productChangesForm(submission.value).entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name])).toEqual([
      ['remove_photo', 'products/a/main.jpg'],
      ['photos', 'a.jpg'],
      ['photos', 'b.png'],
    ]);
    expect(photosForm([]).reply().error).toEqual({ '': [MSG.noChanges] });
  });

  it('holds at most 5 photos with the cover, counting what is removed, and checks each photo', () => {
    expect(photosForm([photo(), photo(), photo()]).reply().error).toEqual({ photos: [MSG.productPhotosTooMany] });
    expect(photosForm([photo(), photo(), photo()], ['products/b/main.jpg']).status).toBe('success');
    expect(photosForm([photo('menu.pdf', 'application/pdf')]).reply().error).toEqual({ photos: [MSG.imageExtension] });
  });

  it("puts the provider's refusal of the photos on the photo picker", () => {
    expect(editProductErrors(refused(400, { photos: [MSG.productPhotosTooMany] })).fieldErrors).toEqual({ photos: [MSG.productPhotosTooMany] });
  });
});
