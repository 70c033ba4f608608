import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-api-env-'));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const EVERY_VARIABLE = [
  'PORT',
  'API_PORT',
  'HOST',
  'WEB_URL',
  'API_PUBLIC_URL',
  'DATABASE_URL',
  'SEED_DEMO',
  'JWT_SECRET',
  'PAYSTACK_SECRET_KEY',
  'PAYSTACK_BASE_URL',
  'PAYSTACK_SIMULATOR',
  'SMTP_URL',
  'MAIL_FROM',
  'TERMII_API_KEY',
  'TERMII_SENDER_ID',
  'TERMII_BASE_URL',
  'CORS_ORIGINS',
  'AUTH_RATE_LIMIT',
  'TRUST_PROXY',
  'LOG_LEVEL',
  'LOG_FORMAT',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_FORCE_PATH_STYLE',
  'MEDIA_PUBLIC_URL',
  'REDIS_URL',
  'STOP_GRACE_SECONDS',
];

describe('the API configuration', () => {
  test('with nothing set, it listens on 8000, seeds the demo, uses PGlite, the simulator and the outbox', () => {
    const config = loadConfig({ DATA_DIR: dataDir });

    expect(config).toMatchObject({
      apiPort: 8000,
      host: '0.0.0.0',
      dataDir,
      webUrl: 'http://localhost:3000',
      apiPublicUrl: 'http://localhost:8000',
      databaseUrl: undefined,
      seedDemo: true,
      smtpUrl: undefined,
      mailFrom: 'Kasuwa <no-reply@kasuwa.ng>',
      termii: undefined,
      corsOrigins: [],
      authRateLimit: 20,
      trustProxy: ['loopback'],
      logLevel: 'info',
      storage: { kind: 'disk', root: path.join(dataDir, 'media') },
      mediaBaseUrl: 'http://localhost:8000/media',
      redisUrl: undefined,
      stopGraceMs: 25_000,
    });
    expect(config.paystack.simulated).toBe(true);
  });

  test('sends text messages through Termii once its API key is set, from Kasuwa at its Nigerian address unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir, TERMII_API_KEY: 'TLkey' }).termii).toEqual({
      apiKey: 'TLkey',
      senderId: 'Kasuwa',
      baseUrl: 'https://api.ng.termii.com',
    });
    expect(
      loadConfig({ DATA_DIR: dataDir, TERMII_API_KEY: 'TLkey', TERMII_SENDER_ID: 'MamaPut', TERMII_BASE_URL: 'https://v3.api.termii.com' }).termii,
    ).toEqual({
      apiKey: 'TLkey',
      senderId: 'MamaPut',
      baseUrl: 'https://v3.api.termii.com',
    });
  });

  test('an empty variable means the default, for every variable', () => {
    const blank = Object.fromEntries(EVERY_VARIABLE.map((name) => [name, '']));

    expect(loadConfig({ DATA_DIR: dataDir, ...blank })).toEqual(loadConfig({ DATA_DIR: dataDir }));
  });

  test('given values are used, lists are split on commas and trailing slashes dropped', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      API_PORT: '9100',
      SEED_DEMO: '0',
      DATABASE_URL: 'postgres://kasuwa:secret@db:5432/kasuwa',
      WEB_URL: 'https://kasuwa.ng/',
      PAYSTACK_SECRET_KEY: 'sk_live_abc123',
      CORS_ORIGINS: 'https://kasuwa.ng/, http://localhost:3000',
      AUTH_RATE_LIMIT: '5',
      TRUST_PROXY: 'loopback, 10.0.0.0/8',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'pretty',
    });

    expect(config).toMatchObject({
      apiPort: 9100,
      seedDemo: false,
      databaseUrl: 'postgres://kasuwa:secret@db:5432/kasuwa',
      webUrl: 'https://kasuwa.ng',
      apiPublicUrl: 'http://localhost:9100',
      corsOrigins: ['https://kasuwa.ng', 'http://localhost:3000'],
      authRateLimit: 5,
      trustProxy: ['loopback', '10.0.0.0/8'],
      logLevel: 'warn',
      logFormat: 'pretty',
    });
  });

  test('bad values stop the start with one line per variable, saying what it expects', () => {
    const load = () =>
      loadConfig({
        DATA_DIR: dataDir,
        PORT: 'eighty',
        API_PORT: '0',
        WEB_URL: 'kasuwa.ng',
        API_PUBLIC_URL: 'ftp://kasuwa.ng',
        DATABASE_URL: 'mysql://x',
        SEED_DEMO: 'yes',
        JWT_SECRET: 'short',
        PAYSTACK_SECRET_KEY: 'pk_test_abc',
        PAYSTACK_BASE_URL: 'paystack',
        PAYSTACK_SIMULATOR: 'yes',
        SMTP_URL: 'http://mail.example',
        TERMII_SENDER_ID: 'Kasuwa Market Place',
        TERMII_BASE_URL: 'api.ng.termii.com',
        CORS_ORIGINS: 'https://kasuwa.ng/shops',
        AUTH_RATE_LIMIT: 'lots',
        TRUST_PROXY: 'the web tier',
        LOG_LEVEL: 'loud',
        LOG_FORMAT: 'colour',
        S3_BUCKET: 'My_Bucket',
        S3_ENDPOINT: 'minio:9000',
        S3_FORCE_PATH_STYLE: 'yes',
        MEDIA_PUBLIC_URL: 'media.kasuwa.ng',
        REDIS_URL: 'http://cache:6379',
        STOP_GRACE_SECONDS: '0',
      });

    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      [
        'Invalid API configuration:',
        '  PORT: must be a port number between 1 and 65535',
        '  API_PORT: must be a port number between 1 and 65535',
        '  WEB_URL: must be an http(s) URL such as http://localhost:3000',
        '  API_PUBLIC_URL: must be an http(s) URL such as http://localhost:8000',
        '  DATABASE_URL: must be a PostgreSQL URL such as postgres://user:password@host:5432/kasuwa',
        '  SEED_DEMO: must be 1 (seed the demo shops when the database is empty) or 0 (never)',
        '  JWT_SECRET: must be at least 32 characters',
        '  PAYSTACK_SECRET_KEY: must look like sk_test_… or sk_live_…',
        '  PAYSTACK_BASE_URL: must be an http(s) URL such as https://api.paystack.co',
        '  PAYSTACK_SIMULATOR: must be 1 (the built-in Paystack simulator, on purpose) or 0',
        '  SMTP_URL: must be an SMTP URL such as smtp://user:password@host:587 or smtps://…',
        '  TERMII_SENDER_ID: must be the sender ID Termii approved: 3 to 11 letters or digits',
        '  TERMII_BASE_URL: must be an http(s) URL such as https://api.ng.termii.com',
        '  CORS_ORIGINS: must be http(s) origins separated by commas, such as https://kasuwa.ng,https://www.kasuwa.ng',
        '  AUTH_RATE_LIMIT: must be a whole number of requests a minute, 1 or more, such as 20',
        '  TRUST_PROXY: must be addresses, CIDR ranges or loopback, linklocal, uniquelocal, separated by commas, such as loopback,10.0.0.0/8',
        '  LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent',
        '  LOG_FORMAT: must be pretty (one readable line per event) or json (one JSON object per line)',
        '  S3_BUCKET: must be a bucket name: 3 to 63 lowercase letters, digits, dots or dashes',
        '  S3_ENDPOINT: must be an http(s) URL such as https://<account>.r2.cloudflarestorage.com',
        '  S3_FORCE_PATH_STYLE: must be 1 (bucket in the path: MinIO, most self-hosted servers) or 0 (bucket in the host name)',
        '  MEDIA_PUBLIC_URL: must be an http(s) URL such as https://media.kasuwa.ng',
        '  REDIS_URL: must be a Redis URL such as redis://:password@host:6379/0 or rediss://…',
        '  STOP_GRACE_SECONDS: must be a whole number of seconds, 1 or more, such as 25',
      ].join('\n'),
    );
  });

  test.each([
    ['AUTH_RATE_LIMIT', '2.5'],
    ['AUTH_RATE_LIMIT', '0'],
    ['API_PORT', '70000'],
    ['API_PORT', '80.5'],
  ])('%s=%s is refused with its own message, not a number-parser one', (name, value) => {
    const load = () => loadConfig({ DATA_DIR: dataDir, [name]: value });

    expect(load).toThrow(new RegExp(`^Invalid API configuration:\\n  ${name}: must be `));
  });
});

describe('running on several machines', () => {
  test('S3_BUCKET puts photos in that bucket, and MEDIA_PUBLIC_URL is where image URLs then point', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      S3_BUCKET: 'kasuwa-media',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: '1',
      MEDIA_PUBLIC_URL: 'https://media.kasuwa.ng/',
    });

    expect(config.storage).toEqual({ kind: 's3', bucket: 'kasuwa-media', endpoint: 'http://minio:9000', region: 'us-east-1', forcePathStyle: true });
    expect(config.mediaBaseUrl).toBe('https://media.kasuwa.ng');
  });

  test('secrets the environment does not give come from the source given (the database, on PostgreSQL), and no file is written', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db/kasuwa' }, (name) => `stored-${name}-secret-of-32-characters`);

    expect(new TextDecoder().decode(config.jwtSecret)).toBe('stored-jwt-secret-of-32-characters');
    expect(config.paystack.secretKey).toBe('sk_test_simulator_stored-paystack-simulator-secret-of-32-characters');
    await expect(readdir(dataDir)).resolves.toEqual([]);
  });

  test('a JWT_SECRET given wins over a stored one', () => {
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'a-jwt-secret-of-at-least-32-characters' }, () => 'stored');

    expect(new TextDecoder().decode(config.jwtSecret)).toBe('a-jwt-secret-of-at-least-32-characters');
  });
});

describe('payments on a public site', () => {
  test('with no Paystack key and a public WEB_URL, the API refuses to start and names PAYSTACK_SECRET_KEY', () => {
    const load = () => loadConfig({ DATA_DIR: dataDir, WEB_URL: 'https://kasuwa.ng' });

    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      'Invalid API configuration:\n  PAYSTACK_SECRET_KEY: must be set when WEB_URL (https://kasuwa.ng) is a public site, or anyone could get ads without paying; set PAYSTACK_SIMULATOR=1 to use the built-in simulator there on purpose',
    );
  });

  test.each(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://127.8.9.10', 'http://[::1]:3000'])(
    'on this machine (%s) the simulator needs no key and no permission',
    (webUrl) => {
      expect(loadConfig({ DATA_DIR: dataDir, WEB_URL: webUrl }).paystack.simulated).toBe(true);
    },
  );

  test.each(['http://192.168.1.20:3000', 'http://localhost.kasuwa.ng', 'http://127.0.0.1.nip.io', 'http://[::2]'])(
    '%s is not this machine: no key, no start',
    (webUrl) => {
      expect(() => loadConfig({ DATA_DIR: dataDir, WEB_URL: webUrl })).toThrow(/PAYSTACK_SECRET_KEY: must be set/);
    },
  );

  test('PAYSTACK_SIMULATOR=1 runs a public site on the simulator on purpose', () => {
    const config = loadConfig({ DATA_DIR: dataDir, WEB_URL: 'https://staging.kasuwa.ng', PAYSTACK_SIMULATOR: '1' });

    expect(config.paystack).toMatchObject({ simulated: true, baseUrl: undefined });
  });

  test('a Paystack key takes real payments on a public site', () => {
    const config = loadConfig({ DATA_DIR: dataDir, WEB_URL: 'https://kasuwa.ng', PAYSTACK_SECRET_KEY: 'sk_live_abc123' });

    expect(config.paystack).toEqual({ secretKey: 'sk_live_abc123', baseUrl: 'https://api.paystack.co', simulated: false });
  });

  test('a key together with PAYSTACK_SIMULATOR=1 is refused: which one is meant cannot be guessed', () => {
    const load = () => loadConfig({ DATA_DIR: dataDir, PAYSTACK_SECRET_KEY: 'sk_test_abc123', PAYSTACK_SIMULATOR: '1' });

    expect(load).toThrow('Invalid API configuration:\n  PAYSTACK_SIMULATOR: must not be 1 when PAYSTACK_SECRET_KEY is set (pick one)');
  });
});
