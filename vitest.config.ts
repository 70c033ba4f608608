import { defineConfig } from 'vitest/config';

const failOnConsoleError = 'tests/setup/fail-on-console-error.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: [failOnConsoleError],
          // The pages' inline CSS is imported as text (`?inline`), as the build does.
          css: true,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          setupFiles: [failOnConsoleError],
          // Each file opens and migrates its own database (a few seconds on PGlite, more on a busy CI machine).
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file builds its own app and database, so the files share nothing but loaded modules:
          // Fastify, Drizzle, PGlite and sharp are imported once per worker rather than per file.
          isolate: false,
        },
      },
      {
        test: {
          // Several API instances as processes on shared services (PostgreSQL, Redis, an S3-compatible bucket).
          name: 'scale',
          include: ['tests/scale/**/*.test.ts'],
          environment: 'node',
          setupFiles: [failOnConsoleError],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          // One product and one Chromium serve every file; files in parallel would only fight over 2 cores.
          fileParallelism: false,
          // The files share one product and support modules with no state of their own, so playwright-core
          // and the server modules some files use are loaded once, not once per file.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // vitest's 1 s is shorter than a photo form's round trip while the other e2e run shares the machine.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
