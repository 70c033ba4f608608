/** The API's image worker: a child process that does all its pixel work (see image-worker-client.ts). */
import sharp from 'sharp';
import { serveTasks } from './child-worker';
import { imageTasks } from './image-tasks';

// Memory over speed: libvips' cache pays only when an image is processed twice, which never happens here.
sharp.cache(false);
sharp.concurrency(1);

serveTasks(imageTasks);
