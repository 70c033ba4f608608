import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './support/harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('service documents', () => {
  it('answers the health check with the database reachable', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('describes every call of the contract in /openapi.json', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/auth/users',
      '/auth/login',
      '/auth/profile',
      '/auth/token/refresh',
      '/auth/logout',
      '/auth/password-reset/request',
      '/auth/password-reset/verify',
      '/auth/password-reset/confirm',
      '/shops',
      '/shops/{id}',
      '/shops/{id}/update',
      '/shops/{id}/delete',
      '/shops/suggest',
      '/products/search',
      '/shops/visits',
      '/categories',
      '/shops/{shop_id}/products',
      '/shops/{shop_id}/products/batch-create',
      '/shops/products/{id}',
      '/shops/products/{id}/update',
      '/shops/products/{id}/delete',
      '/ads/payment/initiate',
      '/ads/payment/verify',
      '/ads/payment/webhook',
      '/ads/{id}',
      '/ads',
      '/healthz',
      '/shops/{shop_id}/messages',
      '/threads',
      '/threads/unread-count',
      '/threads/{id}',
      '/threads/{id}/messages',
      '/threads/{id}/block',
      '/threads/{id}/unblock',
      '/threads/{id}/messages/{message_id}',
      '/threads/{id}/messages/{message_id}/reports',
      '/moderation/messages/{message_id}',
      '/moderation/messages/{message_id}/actions',
      '/shops/{shop_id}/orders',
      '/orders/{id}/{action}',
      '/shops/{id}/alerts',
      '/auth/password/change',
      '/auth/alerts',
      '/auth/sessions/revoke-others',
      '/auth/data-export',
      '/auth/account/delete',
    ]) {
      expect(paths, path).toContain(path);
    }
  });

  it.each([
    ['post', '/shops', ['name', 'address', 'category', 'description', 'image'], ['tags', 'state', 'area', 'phone', 'whatsapp']],
    ['put', '/shops/{id}/update', [], ['name', 'address', 'category', 'description', 'image', 'tags', 'state', 'area', 'phone', 'whatsapp']],
    ['post', '/shops/{shop_id}/products/batch-create', ['products', 'images'], []],
    ['put', '/shops/products/{id}/update', [], ['name', 'price', 'image', 'photos', 'remove_photo', 'description', 'condition', 'negotiable', 'in_stock']],
  ])('documents the multipart form of %s %s, photos as files', async (method, path, required, optional) => {
    const document = (await api.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const form = document.paths[path][method].requestBody.content['multipart/form-data'].schema;
    expect(Object.keys(form.properties).sort()).toEqual([...required, ...optional].sort());
    expect(form.required ?? []).toEqual(expect.arrayContaining(required));
    expect(form.required ?? []).toHaveLength(required.length);
    const photo = form.properties.image ?? form.properties.images.items;
    expect(photo).toMatchObject({ type: 'string', format: 'binary' });
    if (form.properties.photos) expect(form.properties.photos.items).toMatchObject({ type: 'string', format: 'binary' });
  });

  it("documents a photo's copies and its colour in the shop and product answers", async () => {
    const document = (await api.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const shop = document.paths['/shops/{id}'].get.responses['200'].content['application/json'].schema;
    for (const image of [shop.properties.image, shop.properties.products.items.properties.image]) {
      expect(image.required).toEqual(expect.arrayContaining(['url', 'width', 'height', 'variants', 'dominant_color']));
      expect(image.properties.variants.description).toMatch(/image\/avif and image\/webp/);
      expect(image.properties.dominant_color).toMatchObject({ type: 'string', nullable: true });
      expect(image.properties.dominant_color.description).toMatch(/#rrggbb/);
    }
  });

  it('answers unknown paths with the contract 404 and a request id', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/no/such/thing', headers: { 'x-request-id': 'trace-123' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
    expect(response.headers['x-request-id']).toBe('trace-123');
  });
});
