import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Agent, request } from 'undici';
import { describe } from 'vitest';
import { API_ENTRY, freePort, ROOT } from '#scripts/lib/product.ts';
import { expect, jsMode, plainHttp, test } from './support/browser';
import { testProductEnv } from './support/global-setup';
import { ownerAtApi } from './support/web-requests';

/** A photo's multipart form of `bytes`, as an API client sends it. */
async function photoForm(bytes: number) {
  const photo = Buffer.alloc(bytes, 0xab);
  photo.set([0xff, 0xd8, 0xff], 0);
  const form = new FormData();
  for (const [name, value] of Object.entries({ name: 'Big Photo Stores', address: '1 Marina, Lagos', category: 'Phones', description: 'Phones.' }))
    form.set(name, value);
  form.set('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'big.jpg');
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type')! };
}

/** Starts the built API with `env` until it ends, or prints `until`; what it printed, and how it ended. */
function startApi(env: NodeJS.ProcessEnv, until?: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [API_ENTRY], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk;
      if (until && output.includes(until)) child.kill();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    const timer = setTimeout(() => child.kill(), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe.runIf(plainHttp)(`the API's own answers (JavaScript ${jsMode})`, () => {
  test('a 5.6 MB photo sent straight to the API at full speed gets its 413 answer every time, not a reset', async ({ apiUrl }) => {
    const owner = await ownerAtApi(apiUrl);
    const form = await photoForm(5.6 * 1024 * 1024);
    const pool = new Agent();
    try {
      for (let attempt = 0; attempt < 5; attempt++) {
        const response = await request(`${apiUrl}/shops/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${owner.access}`, 'content-type': form.type },
          body: form.body,
          dispatcher: pool,
          signal: AbortSignal.timeout(15_000),
        });
        expect(response.statusCode).toBe(413);
        expect(await response.body.json()).toEqual({ detail: 'The uploaded file is too large.', status: 413 });
      }
    } finally {
      await pool.close();
    }
  });

  test('on a public site, the API will not start with payments simulated unless told to, and names PAYSTACK_SECRET_KEY', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-public-'));
    try {
      const env = testProductEnv({
        DATA_DIR: dataDir,
        API_PORT: String(await freePort()),
        WEB_URL: 'https://kasuwa.example',
        SEED_DEMO: '0',
        PAYSTACK_SECRET_KEY: '',
      });
      const refused = await startApi(env);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('PAYSTACK_SECRET_KEY: must be set when WEB_URL (https://kasuwa.example) is a public site');

      const simulated = await startApi({ ...env, PAYSTACK_SIMULATOR: '1' }, 'nobody is charged');
      expect(simulated.output).toContain('Payments are simulated: checkouts go to the built-in Paystack simulator and nobody is charged.');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
