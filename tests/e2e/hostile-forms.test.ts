import http from 'node:http';
import net from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { beforeAll, describe, inject } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { rawPost } from '../support/raw-post';
import { expect, jsMode, plainHttp, test } from './support/browser';
import { uploadsLeft, webProcesses } from './support/web-processes';
import { type ApiOwner, ownerAtApi, shopOf, webSessionCookie } from './support/web-requests';

/**
 * Forms no browser sends, over plain HTTP: those that could end a web worker, pin it for minutes or fill
 * its memory, and visitors who break off or send broken HTTP. Each gets a 4xx at once
 * (or a closed connection), and every web process that was serving still is.
 */

let owner: ApiOwner;
let cookie: string;
let shopId: string;

beforeAll(async () => {
  if (!plainHttp) return;
  const apiUrl = inject('apiUrl');
  owner = await ownerAtApi(apiUrl);
  cookie = await webSessionCookie(inject('webUrl'), owner);
  shopId = (await shopOf(apiUrl, owner)).id;
});

const CUT_SHORT_PHOTO = Buffer.concat([
  Buffer.from('--XYZ\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n'),
  Buffer.from([0xff, 0xd8, 0xff]),
]);

describe.runIf(plainHttp)(`forms no browser sends (JavaScript ${jsMode})`, () => {
  test('a multipart body cut short after a photo’s first bytes is a 400 and no web worker dies', async ({ webUrl }) => {
    const before = webProcesses(webUrl);
    expect(before.length).toBeGreaterThanOrEqual(3);
    // Several, spaced out, as an attacker would send them.
    for (let sent = 0; sent < 5; sent++) {
      if (sent) await delay(1500);
      const answer = await rawPost(`${webUrl}/createShop`, {
        headers: { 'content-type': 'multipart/form-data; boundary=XYZ', cookie, origin: webUrl },
        body: CUT_SHORT_PHOTO,
      });
      expect(answer.status).toBe(400);
    }
    expect(webProcesses(webUrl)).toEqual(before);
    expect((await fetch(`${webUrl}/healthz`)).status).toBe(200);
    await expect.poll(() => uploadsLeft(inject('dataDir'))).toEqual([]);
  });

  test('a visitor who goes away half way through a photo leaves no web worker dead and nothing on disk', async ({ webUrl }) => {
    const before = webProcesses(webUrl);
    const head = '--XYZ\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n';
    for (let sent = 0; sent < 4; sent++) {
      const request = http.request(`${webUrl}/createShop`, {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'multipart/form-data; boundary=XYZ', 'content-length': String(2 * 1024 * 1024), cookie, origin: webUrl },
      });
      request.on('error', () => {});
      request.write(Buffer.concat([Buffer.from(head), Buffer.alloc(256 * 1024, 7)]));
      await delay(300);
      request.destroy();
    }
    await delay(500);
    expect(webProcesses(webUrl)).toEqual(before);
    expect((await fetch(`${webUrl}/healthz`)).status).toBe(200);
    await expect.poll(() => uploadsLeft(inject('dataDir'))).toEqual([]);
  });

  test('broken HTTP (a chunked photo whose chunk sizes turn to garbage, a bad length, a bad header) gets a 400 or a closed connection, and no web worker dies', async ({
    webUrl,
  }) => {
    const before = webProcesses(webUrl);
    const photoHead = '--XYZ\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n';
    const { host, hostname, port } = new URL(webUrl);
    const requests = [
      `POST /createShop HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${webUrl}\r\nCookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=XYZ\r\nTransfer-Encoding: chunked\r\n\r\n${photoHead.length.toString(16)}\r\n${photoHead}\r\n400\r\n${'x'.repeat(1024)}\r\nzz\r\n`,
      `POST /login HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 12abc\r\n\r\npassword=x`,
      `POST /login HTTP/1.1\r\nHost: ${host}\r\nX-Bad\u0001Name: y\r\nContent-Length: 10\r\n\r\npassword=x`,
    ];
    for (const text of requests) {
      const answer = await new Promise<string>((resolve) => {
        let received = '';
        const socket = net.connect(Number(port), hostname, () => socket.write(text));
        socket.setEncoding('utf8');
        socket.setTimeout(5_000, () => socket.destroy());
        socket.on('data', (chunk: string) => (received += chunk));
        socket.on('close', () => resolve(received));
        socket.on('error', () => {});
      });
      expect(answer === '' || answer.startsWith('HTTP/1.1 400'), answer.slice(0, 200)).toBe(true);
    }
    expect(webProcesses(webUrl)).toEqual(before);
    await expect.poll(() => uploadsLeft(inject('dataDir'))).toEqual([]);
  });

  test.for<[string, string]>([
    ['/login', 'username_or_email[1000000000]=a&password=x'],
    ['/signup', 'email=a%40b.ng&username[1000000000]=ada&phone_number=08031234567&password=secret1'],
    ['/forgotPassword', 'email[1000000000]=a%40b.ng'],
    ['/reset-password?uid=u&token=t', 'new_password[1000000000]=secret1&confirm_password=secret1'],
  ])('a list index in a sign-in field is refused at once: %s', async ([path, body], { webUrl }) => {
    const before = webProcesses(webUrl);
    const answer = await rawPost(`${webUrl}${path}`, { headers: { 'content-type': 'application/x-www-form-urlencoded', origin: webUrl }, body });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain(MSG.formUnreadable);
    expect(answer.ms).toBeLessThan(1000);
    expect(webProcesses(webUrl)).toEqual(before);
  });

  test('a shop name with control characters is refused by the site’s form with the rules’ message, and nothing changes', async ({ webUrl, apiUrl }) => {
    const before = await (await fetch(`${apiUrl}/shops/${shopId}`)).json();
    const form = new FormData();
    form.set('name', 'Iya\x01\x0b\x1b Foods');
    const response = await fetch(`${webUrl}/editShop/${shopId}/edit-shop`, { method: 'POST', body: form, headers: { cookie, origin: webUrl } });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(MSG.controlCharacters);
    expect(((await (await fetch(`${apiUrl}/shops/${shopId}`)).json()) as { name: string }).name).toBe(before.name);
  });

  test('an add-products row index beyond the batch limit is refused at once', async ({ webUrl }) => {
    const before = webProcesses(webUrl);
    for (const row of [20, 99999, 1000000000]) {
      const form = new FormData();
      form.set(`products[${row}].name`, 'Yam');
      form.set(`products[${row}].price`, '1500');
      const started = performance.now();
      const response = await fetch(`${webUrl}/shop/${shopId}/add-products`, { method: 'POST', body: form, headers: { cookie, origin: webUrl } });
      expect(response.status, `products[${row}]`).toBe(400);
      expect(await response.text()).toContain(MSG.formUnreadable);
      expect(performance.now() - started).toBeLessThan(1000);
    }
    expect(webProcesses(webUrl)).toEqual(before);
  });

  test('a 300 MB sign-in post is refused with 413 without reading it whole', async ({ webUrl }) => {
    const before = webProcesses(webUrl);
    // Said to be 300 MB, 64 KB of it sent: the answer comes while the rest is still to come.
    const declared = await rawPost(`${webUrl}/login`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: webUrl },
      body: `username_or_email=ada&password=${'x'.repeat(64 * 1024)}`,
      declaredLength: 300 * 1024 * 1024,
    });
    expect(declared.status).toBe(413);
    expect(declared.ms).toBeLessThan(2000);
    // Sent without its length: read up to the sign-in form's limit and refused.
    const response = await fetch(`${webUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: webUrl },
      body: new Blob([`username_or_email=ada&password=${'x'.repeat(20 * 1024 * 1024)}`]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.text()).toContain(MSG.formTooLarge);
    expect(webProcesses(webUrl)).toEqual(before);
  });
});
