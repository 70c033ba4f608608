import os from 'node:os';
import { describe, expect, test } from 'vitest';
import { HostConfigError, readHostSettings } from '#web-server/host-settings.ts';

describe('what the web tier’s host reads', () => {
  test('with nothing set, it listens on 3000 with one process per core, at most 4, and 25 s to stop', () => {
    expect(readHostSettings({})).toMatchObject({
      port: 3000,
      host: undefined,
      workers: Math.min(os.availableParallelism(), 4),
      stopGraceMs: 25_000,
      trustProxy: undefined,
    });
    expect(readHostSettings({ PORT: '', WEB_WORKERS: '' }).port).toBe(3000);
  });

  test('WEB_WORKERS says how many processes; TRUST_PROXY names the proxies believed about the visitor', () => {
    expect(readHostSettings({ WEB_WORKERS: '1', HOST: '127.0.0.1' })).toMatchObject({ workers: 1, host: '127.0.0.1' });
    expect(readHostSettings({ WEB_WORKERS: '8' }).workers).toBe(8);
    expect(readHostSettings({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual(['loopback', '10.0.0.0/8']);
  });

  test('logs at info unless LOG_LEVEL says otherwise, as JSON off a terminal unless LOG_FORMAT says pretty', () => {
    expect(readHostSettings({}).log).toEqual({ level: 'info', format: process.stdout.isTTY ? 'pretty' : 'json' });
    expect(readHostSettings({ LOG_LEVEL: 'debug', LOG_FORMAT: 'pretty' }).log).toEqual({ level: 'debug', format: 'pretty' });
    expect(() => readHostSettings({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL: must be one of/);
  });

  test('bad values stop the start with every problem named', () => {
    const read = () => readHostSettings({ PORT: 'eighty', WEB_WORKERS: '1.5', STOP_GRACE_SECONDS: '0', TRUST_PROXY: 'the balancer' });
    expect(read).toThrow(HostConfigError);
    expect(read).toThrow(
      [
        'Invalid web configuration:',
        '  PORT: must be a port number between 1 and 65535',
        '  WEB_WORKERS: must be a whole number of processes between 1 and 64',
        '  STOP_GRACE_SECONDS: must be a whole number of seconds, 1 or more, such as 25',
        '  TRUST_PROXY: must be addresses, CIDR ranges or loopback, linklocal, uniquelocal, separated by commas, such as loopback,10.0.0.0/8',
      ].join('\n'),
    );
  });
});
