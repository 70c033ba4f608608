import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { commentAndCodeLines } from './lib/comment-lines';
import { ROOT } from './lib/product';

/**
 * `npm run comments`: comment lines in the TypeScript of app/, server/ and web-server/ as a share of their
 * code lines (`--files`: the files with the most); fails past MAX_SHARE. A comment says why in a line or
 * two (docs/decisions/053-short-comments.md).
 */
const FOLDERS = ['app', 'server', 'web-server'];
const MAX_SHARE = 0.08;

async function sourceFiles(): Promise<string[]> {
  const files: string[] = [];
  for (const folder of FOLDERS) {
    for (const entry of await readdir(path.join(ROOT, folder), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && /\.tsx?$/.test(entry.name)) files.push(path.relative(ROOT, path.join(entry.parentPath, entry.name)));
    }
  }
  return files.filter((file) => !file.includes('+types')).sort();
}

let comment = 0;
let code = 0;
const perFile: { file: string; comment: number; code: number }[] = [];
for (const file of await sourceFiles()) {
  const counts = commentAndCodeLines(await readFile(path.join(ROOT, file), 'utf8'), file.endsWith('.tsx'));
  comment += counts.comment;
  code += counts.code;
  perFile.push({ file, ...counts });
}
const share = comment / code;
console.log(`Comment lines: ${comment} for ${code} lines of code (${(share * 100).toFixed(1)} %); at most ${MAX_SHARE * 100} %.`);
if (process.argv.includes('--files')) {
  for (const entry of perFile.sort((a, b) => b.comment - a.comment).slice(0, 60)) {
    console.log(`${String(entry.comment).padStart(5)} ${String(entry.code).padStart(6)}  ${entry.file}`);
  }
}
if (share > MAX_SHARE) process.exitCode = 1;
