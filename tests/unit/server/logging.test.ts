import { Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, test } from 'vitest';
import { loggerOptions } from '#server/logging.ts';
import type { LogFormat } from '#settings/log-format.server.ts';

let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** An API-like app logging into `output`, with a shop route and a route that fails. */
async function appLogging(level: string, format: LogFormat, output: Writable | { write(line: string): void }) {
  app = Fastify(loggerOptions(level, format, output));
  app.get('/shops/:id', async () => ({ id: 1 }));
  app.get('/broken', async () => {
    throw new Error('the database went away');
  });
  await app.ready();
  return app;
}

function jsonLines() {
  const lines: Record<string, unknown>[] = [];
  return { lines, output: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } };
}

describe('the API log as JSON (a file, a pipe, a log collector)', () => {
  test('leaves out answered requests at the default level, and keeps everything else', async () => {
    const { lines, output } = jsonLines();
    const api = await appLogging('info', 'json', output);

    api.log.info({ removed: 2 }, 'old visits purge done');
    await api.inject('/shops/42');
    await api.inject('/nowhere');

    expect(lines).toEqual([expect.objectContaining({ level: 30, removed: 2, msg: 'old visits purge done' })]);
  });

  test('at debug, one line per request naming its route, never its address, which may carry a code', async () => {
    const { lines, output } = jsonLines();
    const api = await appLogging('debug', 'json', output);

    await api.inject('/shops/42?sig=s3cret');
    await api.inject('/payments/482913?code=uvwxyz');

    expect(lines).toEqual([
      expect.objectContaining({
        level: 20,
        msg: 'request completed',
        request: { method: 'GET', route: '/shops/:id', statusCode: 200, ms: expect.any(Number) },
      }),
      expect.objectContaining({
        level: 20,
        msg: 'request completed',
        request: { method: 'GET', route: '(no route)', statusCode: 404, ms: expect.any(Number) },
      }),
    ]);
    // Codes that no timestamp, process id or duration could spell by chance.
    expect(JSON.stringify(lines)).not.toMatch(/s3cret|482913|uvwxyz/);
  });

  test('a failing request still logs its error at the default level', async () => {
    const { lines, output } = jsonLines();
    const api = await appLogging('info', 'json', output);

    expect((await api.inject('/broken')).statusCode).toBe(500);

    expect(lines).toContainEqual(expect.objectContaining({ level: 50, err: expect.objectContaining({ message: 'the database went away' }) }));
  });
});

describe('the API log for a person at a terminal', () => {
  test('is one short readable line per event, a request as its method, route, status and time', async () => {
    let text = '';
    const output = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        done();
      },
    });
    const api = await appLogging('debug', 'pretty', output);

    api.log.info({ removed: 2 }, 'old visits purge done');
    await api.inject('/shops/42?sig=s3cret');
    await expect.poll(() => text.split('\n').length).toBe(3);

    const lines = stripVTControlCharacters(text).trimEnd().split('\n');
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: old visits purge done \{"removed":2\}$/);
    expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\] DEBUG: GET \/shops\/:id 200 in \d+ ms$/);
  });
});
