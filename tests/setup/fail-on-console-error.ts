import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';

// A console.error nobody asked for is a bug we would otherwise scroll past (the Epic Stack habit).
// A test that expects one silences it with `vi.spyOn(console, 'error').mockImplementation(() => {})`.
let unexpected: unknown[][] = [];
let spy: MockInstance<typeof console.error> | undefined;

beforeEach(() => {
  unexpected = [];
  const original = console.error;
  spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    unexpected.push(args);
    original(...args);
  });
});

afterEach(() => {
  spy?.mockRestore();
  if (unexpected.length > 0) {
    const first = unexpected[0]?.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ');
    throw new Error(`console.error was called ${unexpected.length} time(s) during this test; the first: ${first}`);
  }
});
