import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { precompress } from './scripts/lib/precompress';

export default defineConfig({
  plugins: [reactRouter(), precompress()],
  build: {
    rollupOptions: {
      output: {
        // Shared code in a few chunks rather than a dozen of 1-3 KB: on a phone each file is a request with
        // its own headers and compression start-up. Merged chunks would be named after whichever module
        // Rollup kept, so they are named by hash only.
        experimentalMinChunkSize: 10_000,
        chunkFileNames: 'assets/shared-[hash].js',
      },
    },
  },
});
