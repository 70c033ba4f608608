import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { readWebEnv, WebConfigError } from '#app/lib/env.server.ts';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-web-env-'));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('the web tier configuration', () => {
  test('with nothing set, it serves on 3000 and reaches the API on 127.0.0.1:8000 with a 5-minute idle logout', () => {
    const env = readWebEnv({ DATA_DIR: dataDir });

    expect(env).toMatchObject({
      port: 3000,
      providerUrl: 'http://127.0.0.1:8000',
      webUrl: 'http://localhost:3000',
      dataDir,
      sessionIdleMinutes: 5,
    });
  });

  test('the API and site addresses follow API_PORT and PORT unless given outright', () => {
    expect(readWebEnv({ DATA_DIR: dataDir, PORT: '4100', API_PORT: '9100' })).toMatchObject({
      providerUrl: 'http://127.0.0.1:9100',
      webUrl: 'http://localhost:4100',
    });
    expect(readWebEnv({ DATA_DIR: dataDir, PROVIDER_URL: 'http://api.internal:8000/', WEB_URL: 'https://kasuwa.ng/' })).toMatchObject({
      providerUrl: 'http://api.internal:8000',
      webUrl: 'https://kasuwa.ng',
    });
  });

  test('the idle logout accepts fractions of a minute, for tests', () => {
    expect(readWebEnv({ DATA_DIR: dataDir, SESSION_IDLE_MINUTES: '0.05' }).sessionIdleMinutes).toBe(0.05);
  });

  test('an empty variable means the default', () => {
    expect(readWebEnv({ DATA_DIR: dataDir, PORT: '', SESSION_IDLE_MINUTES: '' })).toMatchObject({
      port: 3000,
      sessionIdleMinutes: 5,
    });
  });

  test('without SESSION_SECRET, one is generated into DATA_DIR readable by the owner only, and reused on restart', async () => {
    const first = readWebEnv({ DATA_DIR: dataDir }).sessionSecret;
    const file = path.join(dataDir, 'secrets', 'session');

    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await readFile(file, 'utf8')).toBe(first);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(readWebEnv({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
  });

  test('a given SESSION_SECRET is used as is and nothing is written', async () => {
    const secret = 'a-session-secret-of-at-least-32-characters';

    expect(readWebEnv({ DATA_DIR: dataDir, SESSION_SECRET: secret }).sessionSecret).toBe(secret);
    await expect(stat(path.join(dataDir, 'secrets', 'session'))).rejects.toThrow();
  });

  test('bad values stop the start with every problem named', () => {
    const read = () =>
      readWebEnv({
        DATA_DIR: dataDir,
        PORT: 'eighty',
        API_PORT: '70000',
        WEB_URL: 'kasuwa.ng',
        SESSION_SECRET: 'short',
        SESSION_IDLE_MINUTES: '-1',
        MEDIA_PUBLIC_URL: 'media.kasuwa.ng',
        REDIS_URL: 'http://cache:6379',
      });

    expect(read).toThrow(WebConfigError);
    expect(read).toThrow(
      [
        'Invalid web configuration:',
        '  PORT: must be a port number between 1 and 65535',
        '  API_PORT: must be a port number between 1 and 65535',
        '  WEB_URL: must be an http(s) URL such as http://localhost:3000',
        '  SESSION_SECRET: must be at least 32 characters',
        '  SESSION_IDLE_MINUTES: must be a positive number of minutes, such as 5 or 0.05',
        '  MEDIA_PUBLIC_URL: must be an http(s) URL such as https://media.kasuwa.ng',
        '  REDIS_URL: must be a Redis URL such as redis://:password@host:6379/0 or rediss://…',
      ].join('\n'),
    );
  });
});

describe('the web tier on several machines', () => {
  test('REDIS_URL (several web instances) without SESSION_SECRET stops the start: each would make its own', async () => {
    const read = () => readWebEnv({ DATA_DIR: dataDir, REDIS_URL: 'redis://cache:6379' });

    expect(read).toThrow(WebConfigError);
    expect(read).toThrow('SESSION_SECRET: must be set when REDIS_URL is set (every web instance must sign sessions with the same secret)');
    await expect(stat(path.join(dataDir, 'secrets', 'session'))).rejects.toThrow();
  });

  test('REDIS_URL with SESSION_SECRET starts with the given secret', () => {
    const secret = 'a-session-secret-of-at-least-32-characters';

    expect(readWebEnv({ DATA_DIR: dataDir, REDIS_URL: 'redis://cache:6379', SESSION_SECRET: secret }).sessionSecret).toBe(secret);
  });

  test('photos from a public bucket or CDN (MEDIA_PUBLIC_URL): its origin is where pages may load images from', () => {
    expect(readWebEnv({ DATA_DIR: dataDir, MEDIA_PUBLIC_URL: 'https://media.kasuwa.ng/photos/' }).mediaOrigin).toBe('https://media.kasuwa.ng');
    expect(readWebEnv({ DATA_DIR: dataDir }).mediaOrigin).toBeUndefined();
  });
});
