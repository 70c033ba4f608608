import type { EntryContext } from 'react-router';
import { describe, expect, test } from 'vitest';
import { hydrationScripts, takeHydrationData } from '#app/lib/hydration-data.server.ts';

/** What the browser's React Router receives from the scripts: the text each `enqueue` call hands it. */
function enqueued(scripts: string): string[] {
  const calls: string[] = [];
  const window = { __reactRouterContext: { streamController: { enqueue: (text: string) => calls.push(text), close: () => {} } } };
  for (const [, body] of scripts.matchAll(/<script nonce="n0nce">(.*?)<\/script>/gs)) new Function('window', body!)(window);
  return calls;
}

describe('the hydration data a page carries', () => {
  test('is the whole of React Router’s stream, read before the page is rendered, and the stream is taken', async () => {
    const parts = ['[{"_1":2},"shop","Mama', ' Put 🍲"]\n'].map((text) => new TextEncoder().encode(text));
    // A multi-byte character split between two parts is read whole.
    const split = [parts[0]!, parts[1]!.subarray(0, 7), parts[1]!.subarray(7)];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of split) controller.enqueue(part);
        controller.close();
      },
    });
    const context = { serverHandoffStream: stream };
    expect(await takeHydrationData(context as unknown as EntryContext)).toBe('[{"_1":2},"shop","Mama Put 🍲"]\n');
    expect(context.serverHandoffStream).toBeUndefined();
    expect(await takeHydrationData(context as unknown as EntryContext)).toBeNull();
  });

  test('cannot close its script or start markup, whatever a shop’s name holds, and reaches the browser as it was', () => {
    const data = '["</script><script>alert(1)</script>","<!-- x","a & b","line\u2028break\u2029"]';
    const scripts = hydrationScripts(data, 'n0nce');
    expect(scripts.match(/<\/script>/g)).toHaveLength(2);
    expect(scripts).not.toContain('<!--');
    expect(enqueued(scripts)).toEqual([data]);
  });
});
