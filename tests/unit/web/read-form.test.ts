import { describe, expect, test } from 'vitest';
import { readFormWithin } from '../../../app/lib/upload/read-form.server';

function post(body: FormData | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  return new Request('http://kasuwa.test/createShop', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
}

function formWith(bytes: number) {
  const form = new FormData();
  form.set('name', 'Mama Put');
  form.set('image', new File([new Uint8Array(bytes)], 'front.jpg', { type: 'image/jpeg' }));
  return form;
}

describe('reading a form with a size limit', () => {
  test('gives the fields and the file of a form within the limit', async () => {
    const form = await readFormWithin(post(formWith(1000)), 10_000);
    expect(form).toBeInstanceOf(FormData);
    if (!(form instanceof FormData)) return;
    expect(form.get('name')).toBe('Mama Put');
    expect((form.get('image') as File).size).toBe(1000);
  });

  test('refuses a body that says it is too large, reading it to its end', async () => {
    const request = post(formWith(20_000));
    expect(await readFormWithin(request, 10_000)).toBe('too-large');
    expect(request.bodyUsed).toBe(true);
  });

  test('refuses a body that turns out too large without saying so (chunked)', async () => {
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 50_000) return controller.close();
        sent += 10_000;
        controller.enqueue(new Uint8Array(10_000));
      },
    });
    expect(await readFormWithin(post(stream, { 'content-type': 'multipart/form-data; boundary=x' }), 25_000)).toBe('too-large');
    expect(sent).toBe(50_000);
  });

  test('answers 400 to a body that is not a form', async () => {
    const stream = new Blob(['not a form']).stream();
    await expect(readFormWithin(post(stream, { 'content-type': 'multipart/form-data; boundary=x' }), 10_000)).rejects.toMatchObject({ init: { status: 400 } });
  });
});
