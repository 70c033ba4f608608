/** The API's image worker: a child process that does all its pixel work (see image-worker-client.ts). */
import sharp from 'sharp';
import { serveTasks } from './child-worker';
import { imageTasks } from './image-tasks';

// Memory over speed: uploads arrive together and the worker should stay small. libvips' cache only pays
// off when the same image is processed twice, which never happens here; one thread per image, and the
// API's turns (images.ts) give the worker two images at a time.
sharp.cache(false);
sharp.concurrency(1);

serveTasks(imageTasks);
