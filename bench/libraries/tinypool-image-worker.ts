/** tinypool's side of bench/libraries/image-pool.ts: the same tasks and sharp settings as server/media/image-worker.ts. */
import sharp from 'sharp';
import { imageTasks } from '#server/media/image-tasks.ts';

sharp.cache(false);
sharp.concurrency(1);

export default ({ task, input }: { task: keyof typeof imageTasks; input: never }) => imageTasks[task](input);
