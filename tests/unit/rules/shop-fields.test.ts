import { describe, expect, it } from 'vitest';
import { changedShopFields, type SavedShopFields } from '#rules/shop-fields.ts';
import { shopJsonSchema } from '#rules/shop-json.ts';

const saved: SavedShopFields = {
  name: 'Mama Put',
  address: '4 Ojuelegba Rd',
  area: null,
  state: null,
  phone: null,
  whatsapp: null,
  category: 'Food',
  description: 'Rice and stew',
  tags: ['rice', 'stew'],
};

describe('what an edit changes', () => {
  it('is each field given that differs from the saved shop; a field left out keeps its value', () => {
    expect(changedShopFields(saved, { name: 'Mama Put', area: 'Yaba', state: 'Lagos', tags: ['rice', 'stew'] })).toEqual({ area: 'Yaba', state: 'Lagos' });
    expect(changedShopFields(saved, { description: undefined })).toEqual({});
  });

  it('counts the same tags in another order as a change, since they are shown in the order given', () => {
    expect(changedShopFields(saved, { tags: ['stew', 'rice'] })).toEqual({ tags: ['stew', 'rice'] });
  });
});

describe("a shop's answer", () => {
  it('reads the fields an older provider leaves out as empty: texts blank, optional ones null, no tags', () => {
    expect(shopJsonSchema.parse({ id: 7, name: 'Bukka Hut' })).toMatchObject({
      id: '7',
      name: 'Bukka Hut',
      address: '',
      category: '',
      description: '',
      area: null,
      state: null,
      tags: [],
    });
  });

  it('is refused without a name, which every list and page shows', () => {
    expect(shopJsonSchema.safeParse({ id: 7, address: '4 Ojuelegba Rd' }).success).toBe(false);
  });
});
