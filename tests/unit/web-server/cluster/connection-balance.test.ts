import { describe, expect, test } from 'vitest';
import { excessConnections } from '#web-server/cluster/connection-balance.ts';

describe('how many connections a web process closes to even out the load', () => {
  test('one holding every connection closes down to a little above its share', () => {
    // Two processes, 50 connections all on one: the share is 25, and 30 are kept.
    expect(excessConnections(50, 0, 25)).toBe(20);
    expect(excessConnections(31, 0, 25)).toBe(1);
  });

  test('connections already closing count as gone', () => {
    expect(excessConnections(50, 20, 25)).toBe(0);
    expect(excessConnections(50, 10, 25)).toBe(10);
  });

  test('the ordinary spread of visitors between processes closes nothing', () => {
    expect(excessConnections(30, 0, 25)).toBe(0);
    expect(excessConnections(3, 0, 1)).toBe(0);
    expect(excessConnections(0, 0, 0)).toBe(0);
  });

  test('before the primary has told a share, nothing is closed', () => {
    expect(excessConnections(500, 0, Infinity)).toBe(0);
  });
});
