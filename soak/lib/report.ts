import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '#scripts/lib/product.ts';

export const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

/** Writes `soak/results/<name>-<date>.json` and `.md`; returns the markdown's path. */
export function writeResults(name: string, report: { date: string }, markdown: string): string {
  const folder = path.join(ROOT, 'soak', 'results');
  mkdirSync(folder, { recursive: true });
  const base = path.join(folder, `${name}-${report.date.slice(0, 10)}`);
  writeFileSync(`${base}.json`, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(`${base}.md`, markdown);
  return `${base}.md`;
}

/** A number from the environment, or the default; anything else stops the run with a clear message. */
export function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not "${raw}".`);
  return value;
}
