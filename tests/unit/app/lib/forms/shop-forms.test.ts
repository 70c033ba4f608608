import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, test } from 'vitest';
import { shopSaveErrors } from '#app/lib/forms/provider-errors.ts';
import { OversizedFile } from '#app/lib/forms/read-form.server.ts';
import { createShopFormSchema, editShopFormSchema, shopFormValues } from '#app/lib/forms/shop-forms.ts';
import { shopSchema } from '#app/lib/provider/contract.ts';
import { ProviderError } from '#app/lib/provider/errors.ts';
import { providerShopForm, shopChanges } from '#app/routes/owner/shop-save.server.ts';
import { MSG } from '#rules/messages.ts';

const photo = (name = 'front.jpg', type = 'image/jpeg', size = 2048) => new File([new Uint8Array(size)], name, { type });
const untouched = () => new File([], '', { type: 'application/octet-stream' });

function form(fields: Record<string, string | File>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

const complete = {
  name: ' Mama Put ',
  address: '4 Ojuelegba Rd',
  state: 'Lagos',
  category: 'Food',
  description: 'Rice and stew',
  tags: 'rice, Stew ,',
  image: photo(),
};

describe('the create shop form', () => {
  test('trims every value and takes the photo', () => {
    const submission = parseWithZod(form(complete), { schema: createShopFormSchema });
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    expect(submission.value).toMatchObject({ name: 'Mama Put', address: '4 Ojuelegba Rd', tags: ['rice', 'stew'] });
    expect(submission.value.image.name).toBe('front.jpg');
  });

  test('names each missing field in the words of docs/product.md §5; an untouched file input is a missing photo', () => {
    const submission = parseWithZod(form({ name: '  ', address: '', image: untouched() }), { schema: createShopFormSchema });
    expect(submission.reply().error).toEqual({
      name: [MSG.shopNameRequired],
      address: [MSG.shopAddressRequired],
      state: [MSG.stateRequired],
      category: [MSG.shopCategoryRequired],
      description: [MSG.shopDescriptionRequired],
      image: [MSG.shopImageMissing],
    });
  });

  test.for([
    ['logo.gif', 'image/gif', 100, MSG.imageExtension],
    ['menu.jpg', 'application/pdf', 100, MSG.imageType],
    ['big.jpeg', 'image/jpeg', 20 * 1024 * 1024 + 1, MSG.cameraPhotoTooBig],
  ] as const)('refuses %s (%s) with the image message of docs/product.md §5', ([name, type, size, message]) => {
    const submission = parseWithZod(form({ ...complete, image: photo(name, type, size) }), { schema: createShopFormSchema });
    expect(submission.reply().error).toEqual({ image: [message] });
  });

  test('refuses a photo the web tier read past for its size with the message of docs/product.md §5, keeping the texts', () => {
    const submission = parseWithZod(form({ ...complete, image: new OversizedFile('IMG_2041.JPG', 'image/jpeg', 21 * 1024 * 1024) }), {
      schema: createShopFormSchema,
    });
    const reply = submission.reply();
    expect(reply.error).toEqual({ image: [MSG.cameraPhotoTooBig] });
    expect(reply.initialValue).toMatchObject({ name: ' Mama Put ', description: 'Rice and stew' });
  });
});

describe('the edit shop form', () => {
  test('requires nothing: blank fields and no photo are left out', () => {
    const submission = parseWithZod(form({ name: ' ', address: '', description: 'New words ', image: untouched() }), { schema: editShopFormSchema });
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    expect(submission.value).toEqual({ description: 'New words' });
  });

  test('takes a phone number as people write it, keeps it as +234, and refuses one that is not Nigerian', () => {
    const submission = parseWithZod(form({ phone: '0803 123 4567', whatsapp: '+234 (0) 905-111-2222', image: untouched() }), { schema: editShopFormSchema });
    expect(submission.status === 'success' && submission.value).toEqual({ phone: '+2348031234567', whatsapp: '+2349051112222' });
    const refused = parseWithZod(form({ phone: '12345', image: untouched() }), { schema: editShopFormSchema });
    expect(refused.reply().error).toEqual({ phone: [MSG.phoneInvalid] });
  });

  test('still applies the image rules to a new photo', () => {
    const submission = parseWithZod(form({ image: photo('shop.webp', 'image/webp') }), { schema: editShopFormSchema });
    expect(submission.reply().error).toEqual({ image: [MSG.imageExtension] });
  });
});

const saved = shopSchema.parse({
  id: 'shop-1',
  name: 'Mama Put',
  address: '4 Ojuelegba Rd',
  category: 'Food',
  description: 'Rice and stew',
  image_url: null,
  tags: ['rice'],
});

describe('the edit form', () => {
  test('shows what is saved: a field never filled in as empty, the tags comma-separated', () => {
    expect(shopFormValues({ ...saved, state: 'Lagos', tags: ['rice', 'stew'] })).toEqual({
      name: 'Mama Put',
      address: '4 Ojuelegba Rd',
      area: '',
      state: 'Lagos',
      phone: '',
      whatsapp: '',
      category: 'Food',
      description: 'Rice and stew',
      tags: 'rice, stew',
    });
  });
});

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};

describe('what an edit changes', () => {
  test('only fields that differ from the saved shop, and a new photo', () => {
    const image = photo();
    expect(
      shopChanges(
        {
          name: 'Mama Put',
          address: '5 Ojuelegba Rd',
          category: undefined,
          description: undefined,
          state: undefined,
          area: undefined,
          phone: undefined,
          whatsapp: undefined,
          tags: ['rice'],
          image,
        },
        saved,
        new FormData(),
      ),
    ).toEqual({
      address: '5 Ojuelegba Rd',
      image,
    });
  });

  test('nothing when every value is the saved one or left blank', () => {
    expect(
      shopChanges(
        {
          name: 'Mama Put',
          address: undefined,
          category: 'Food',
          description: undefined,
          state: undefined,
          area: undefined,
          phone: undefined,
          whatsapp: undefined,
          tags: undefined,
        },
        saved,
        formOf({ address: '', description: '' }),
      ),
    ).toEqual({});
  });

  test('an optional field the owner emptied is taken away; a required one left blank is kept', () => {
    const placed = { ...saved, area: 'Surulere', state: 'Lagos' as const, tags: ['rice'] };
    const blank = {
      name: undefined,
      address: undefined,
      category: undefined,
      description: undefined,
      state: undefined,
      area: undefined,
      phone: undefined,
      whatsapp: undefined,
      tags: undefined,
    };
    const changes = shopChanges(blank, placed, formOf({ name: '', area: ' ', state: '', tags: '' }));
    expect(changes).toEqual({ area: null, state: null, tags: [] });
    const body = providerShopForm(changes);
    expect([...body.entries()]).toEqual([
      ['area', ''],
      ['state', ''],
      ['tags', ''],
    ]);
  });

  test('travels to the provider as its multipart fields, tags comma-separated', () => {
    const body = providerShopForm({ name: 'Mama Put', tags: ['rice', 'stew'], image: photo('a.png', 'image/png') });
    expect([...body.keys()]).toEqual(['name', 'tags', 'image']);
    expect(body.get('tags')).toBe('rice,stew');
    expect((body.get('image') as File).name).toBe('a.png');
  });
});

describe('provider failures on saving a shop (docs/product.md §8)', () => {
  const http = (status: number, body: unknown) => new ProviderError('http', 'refused', status, body);

  test('say the cause after "Failed to create shop. " or "Failed to update shop. "', () => {
    expect(shopSaveErrors(new ProviderError('timeout', 'slow'), 'create').formErrors).toEqual([MSG.createShopFailed + MSG.requestTimedOut]);
    expect(shopSaveErrors(new ProviderError('network', 'down'), 'update').formErrors).toEqual([MSG.updateShopFailed + MSG.networkError]);
    expect(shopSaveErrors(http(500, { detail: 'An unexpected error occurred.' }), 'create').formErrors).toEqual([MSG.createShopFailed + MSG.tryLater]);
    expect(shopSaveErrors(new ProviderError('invalid-answer', 'odd'), 'update').formErrors).toEqual([MSG.updateShopFailed + MSG.tryLater]);
  });

  test('a 413 has its own words for create and update', () => {
    expect(shopSaveErrors(http(413, { detail: 'The uploaded file is too large.', status: 413 }), 'create').formErrors).toEqual([MSG.uploadTooLarge]);
    expect(shopSaveErrors(http(413, { detail: 'The uploaded file is too large.', status: 413 }), 'update').formErrors).toEqual([MSG.uploadTooLargeShort]);
  });

  test('a 400 goes next to the fields it names, the rest above the form', () => {
    const errors = shopSaveErrors(http(400, { image: [MSG.imageType], non_field_errors: [MSG.noChanges], owner: ['Odd'] }), 'update');
    expect(errors).toEqual({ formErrors: [MSG.noChanges, 'Odd'], fieldErrors: { image: [MSG.imageType] } });
  });

  test('a plain text answer is shown as it is, unless it is a web page', () => {
    expect(shopSaveErrors(http(502, 'Shop service is down for maintenance'), 'create').formErrors).toEqual(['Shop service is down for maintenance']);
    expect(shopSaveErrors(http(502, '<html><body>Bad gateway</body></html>'), 'create').formErrors).toEqual([MSG.createShopFailed + MSG.tryLater]);
  });
});
