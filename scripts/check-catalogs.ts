import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { AREAS } from '#rules/i18n/areas.ts';
import { awaitingReview, catalogProblems } from './lib/catalog-check';
import { ROOT } from './lib/product';

/** `npm run catalogs`: every language has every key, every key is used, placeholders agree (docs/languages.md). */
const CODE_FOLDERS = ['app', 'server', 'rules'];
const CATALOGS = path.join(ROOT, 'rules', 'i18n', 'catalogs');

async function code(): Promise<string> {
  const texts: string[] = [];
  for (const folder of CODE_FOLDERS) {
    for (const entry of await readdir(path.join(ROOT, folder), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.parentPath.startsWith(CATALOGS))
        texts.push(await readFile(path.join(entry.parentPath, entry.name), 'utf8'));
    }
  }
  return texts.join('\n');
}

const problems = catalogProblems(AREAS, await code());
for (const problem of problems) console.log(problem);
const review = Object.entries(awaitingReview(AREAS)).map(([language, count]) => `${language} ${count}`);
console.log(`Catalogs: ${problems.length} problems. Awaiting a native speaker's review: ${review.join(', ')}.`);
if (problems.length > 0) process.exitCode = 1;
