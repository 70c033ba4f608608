import { fileURLToPath } from 'node:url';
import { childWorker } from './child-worker';
import type { ImageTasks } from './image-tasks';

/**
 * The API's pixel work runs in a child process of its own (child-worker.ts). libvips holds tens of MB per
 * image being processed and glibc keeps much of it afterwards; in the API that came on top of the
 * database (PGlite lives in the API process).
 * In the worker that memory goes back to the system whole when it is let go, and a photo that crashes the
 * image libraries takes down the worker, not the API.
 */

// From source (tsx, vitest) the worker is TypeScript; bundled, it lies beside the API's main.js
// (scripts/lib/server-bundles.ts).
const FROM_SOURCE = import.meta.url.endsWith('.ts');

const imageWorker = childWorker<ImageTasks>({
  file: fileURLToPath(new URL(FROM_SOURCE ? './image-worker.ts' : './image-worker.js', import.meta.url)),
  execArgv: FROM_SOURCE ? ['--import', 'tsx'] : [],
  // Long enough for a seeding run or an owner's next batch to reuse it, short enough to give memory back soon.
  idleMs: 30_000,
  // A 40-megapixel photo takes a few seconds on a small box; one that takes this long has hung libvips
  // and would otherwise hold one of the two turns (images.ts) for good.
  jobTimeoutMs: 30_000,
});

/** Runs one of the image tasks (image-tasks.ts) in the image worker. */
export const inImageWorker = imageWorker.run;
