import { fileURLToPath } from 'node:url';
import { childWorker } from './child-worker';
import type { ImageTasks } from './image-tasks';

// Bundled, the worker lies beside main.js. Why a child: docs/decisions/037-photos-decoded-in-a-child-process.md.
const FROM_SOURCE = import.meta.url.endsWith('.ts');

const imageWorker = childWorker<ImageTasks>({
  file: fileURLToPath(new URL(FROM_SOURCE ? './image-worker.ts' : './image-worker.js', import.meta.url)),
  execArgv: FROM_SOURCE ? ['--import', 'tsx'] : [],
  // Long enough for an owner's next batch to reuse it, short enough to give memory back soon.
  idleMs: 30_000,
  // A photo this slow has hung libvips and would otherwise hold an image turn for good.
  jobTimeoutMs: 30_000,
});

export const inImageWorker = imageWorker.run;
