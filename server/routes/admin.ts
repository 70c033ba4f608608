import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TEXT_MAX } from '#rules/limits.ts';
import { DumpError } from '#server/db/dumps.ts';
import { detailError, notFound } from '#server/errors.ts';
import { adminSecret } from '#server/moderation/admin-endpoint.ts';
import { setModerator } from '#server/moderation/items.ts';

const detail = z.object({ detail: z.string() });
const LOOPBACK = /^(?:127\.|::1$|::ffff:127\.)/;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The command line's way in while the API holds DATA_DIR: docs/decisions/012-moderator-command-over-loopback.md. */
export const adminRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const expected = digest(`Bearer ${adminSecret(app.config.dataDir)}`);

  async function localAdminOnly(request: FastifyRequest) {
    // The socket's own address: X-Forwarded-For could claim anything.
    const local = LOOPBACK.test(request.socket.remoteAddress ?? '');
    const given = digest(request.headers.authorization ?? '');
    if (!local || !timingSafeEqual(given, expected)) throw notFound();
  }

  app.post(
    '/admin/backup',
    {
      onRequest: localAdminOnly,
      schema: {
        tags: ['admin'],
        summary:
          'A backup file (ext): `npm run backup` while this API holds the embedded database or the photos on disk; loopback only, with the secret in DATA_DIR/secrets/admin',
      },
    },
    async (request, reply) => {
      const { takeBackup } = await import('#server/backup/take-backup.ts');
      const { storage } = app.config;
      const backup = await takeBackup({
        database: app.database,
        dataDir: app.config.dataDir,
        mediaRoot: storage.kind === 'disk' ? storage.root : undefined,
        holdRemovals: app.removals.hold,
      }).catch((error: unknown) => {
        // pg_dump missing or failing: its words are for the person at this machine's terminal.
        throw error instanceof DumpError ? detailError(503, error.message) : error;
      });
      request.log.info({ photoFiles: backup.manifest.photoFiles, missingPhotoFiles: backup.missingPhotoFiles }, 'backup taken');
      return reply.type('application/x-tar').header('x-missing-photo-files', String(backup.missingPhotoFiles)).send(backup.stream);
    },
  );

  app.post(
    '/admin/moderators',
    {
      onRequest: localAdminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Grant or revoke moderation by email (ext): `npm run moderator` on embedded PGlite; loopback only, with the secret in DATA_DIR/secrets/admin',
        body: z.object({ email: z.string().min(1).max(TEXT_MAX.email), moderator: z.boolean() }),
        response: { 200: z.object({ changed: z.boolean().describe('False when the account already was (or was not) a moderator') }), 404: detail },
      },
    },
    async (request) => {
      const outcome = await setModerator(app.db, request.body.email, request.body.moderator);
      if (outcome === 'unknown') throw detailError(404, `No account has the email ${request.body.email}.`);
      return { changed: outcome === 'changed' };
    },
  );
};
