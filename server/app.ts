import { randomUUID } from 'node:crypto';
import path from 'node:path';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { holdableRemovals } from './backup/removal-hold';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Outbox } from './jobs/outbox';
import { loggerOptions } from './logging';
import { composeMail } from './mail/compose';
import { createMailQueue, type MailQueue } from './mail/mail-queue';
import { createMailer, type Mailer } from './mail/mailer';
import { HiddenMedia, type MediaLinks } from './media/hidden-media';
import type { MediaStorage } from './media/media-storage';
import { openStorage } from './media/open-storage';
import { apiSecurityHeaders } from './plugins/api-security-headers';
import { auth } from './plugins/auth';
import { errorHandler, frameworkErrors } from './plugins/error-handler';
import { multipart, withMultipartForm } from './plugins/multipart';
import { nulInQuery } from './plugins/nul-in-query';
import { publicAnswers } from './plugins/public-answers';
import { rateLimits } from './plugins/rate-limits';
import { unreadBody } from './plugins/unread-body';
import { connectRedis } from './redis';
import { accountRoutes } from './routes/account';
import { adminRoutes } from './routes/admin';
import { adsRoutes } from './routes/ads';
import { authRoutes } from './routes/auth';
import { bankCheckRoutes } from './routes/bank-checks';
import { healthRoutes } from './routes/health';
import { mediaRoutes } from './routes/media';
import { messageRoutes } from './routes/messages';
import { moderationRoutes } from './routes/moderation';
import { paymentsRoutes } from './routes/payments';
import { phoneVerificationRoutes } from './routes/phone-verification';
import { productRoutes } from './routes/products';
import { ratingRoutes } from './routes/ratings';
import { reportRoutes } from './routes/reports';
import { reviewAnswerRoutes } from './routes/review-answers';
import { savedRoutes } from './routes/saved';
import { shopAlertRoutes } from './routes/shop-alerts';
import { shopRoutes } from './routes/shops';
import { createSmsQueue } from './sms/sms-queue';
import { fileSmsSender, type SmsSender } from './sms/sms-sender';
import { termiiSmsSender } from './sms/termii';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    mailQueue: MailQueue;
    smsQueue: Outbox;
    redis: Redis | null;
    /** Tests move it. */
    clock: () => Date;
    hiddenMedia: HiddenMedia;
    /** Signed where hidden, for whoever may see a hidden shop. */
    mediaLinks(canSeeHidden: boolean): MediaLinks;
  }
}

export type AppDeps = {
  config: Config;
  database: Database;
  storage?: MediaStorage;
  mailer?: Mailer;
  mailRetryDelaysMs?: readonly number[];
  smsSender?: SmsSender;
  smsRetryDelaysMs?: readonly number[];
  /** A stream: the log's JSON lines go there instead of stdout. */
  logger?: boolean | { write(line: string): void };
  clock?: () => Date;
};

/** Long enough for a full batch of photos from a phone on a slow network. */
const REQUEST_TIMEOUT_MS = 60 * 60_000;

/** Builds the provider API without listening, so tests can `inject()` and `main.ts` can listen. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    ...(deps.logger === false
      ? { logger: false }
      : typeof deps.logger === 'object'
        ? loggerOptions(config.logLevel, 'json', deps.logger)
        : loggerOptions(config.logLevel, config.logFormat)),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // The older client calls both `/shops` and `/shops/`; both must answer, never with a redirect.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // Only these hops may name the client in X-Forwarded-For; anyone else could forge it past the rate limits.
    trustProxy: config.trustProxy,
    // The orphan sweep of a shared bucket waits longer than this (UPLOADS_FINISH_WITHIN_MS).
    requestTimeout: REQUEST_TIMEOUT_MS,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(
    fp(
      async (core) => {
        core.decorate('config', config);
        core.decorate('database', database);
        core.decorate('db', database.db);
        core.decorate('clock', deps.clock ?? (() => new Date()));
        const removals = holdableRemovals(deps.storage ?? (await openStorage(config.storage)), (error, keys) =>
          core.log.error({ err: error, keys }, 'could not remove photos a backup held back'),
        );
        core.decorate('removals', removals);
        core.decorate('storage', removals.storage);
        const visitorLinks: MediaLinks = { url: (key) => `${config.mediaBaseUrl}/${key}` };
        const hiddenMedia = new HiddenMedia(database.db, config.jwtSecret, `${config.apiPublicUrl}/media`, core.clock);
        const ownerLinks = hiddenMedia.linksFor(visitorLinks);
        core.decorate('hiddenMedia', hiddenMedia);
        core.decorate('mediaLinks', (canSeeHidden: boolean) => (canSeeHidden ? ownerLinks : visitorLinks));
        core.addHook('onReady', async () => {
          await hiddenMedia.refresh();
          hiddenMedia.start(core.log);
        });
        core.addHook('onClose', async () => hiddenMedia.stop());
        const redis = config.redisUrl ? await connectRedis(config.redisUrl, core.log) : null;
        core.decorate('redis', redis);
        if (redis) core.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
        const mailer = deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') });
        const mailQueue = createMailQueue({
          db: database.db,
          mailer,
          compose: composeMail(database.db, config, core.clock),
          log: core.log,
          retryDelaysMs: deps.mailRetryDelaysMs,
        });
        core.decorate('mailQueue', mailQueue);
        core.addHook('onClose', async () => mailQueue.close());
        const smsSender = deps.smsSender ?? (config.termii ? termiiSmsSender(config.termii) : fileSmsSender(path.join(config.dataDir, 'sms-outbox')));
        const smsQueue = createSmsQueue({ db: database.db, sender: smsSender, log: core.log, retryDelaysMs: deps.smsRetryDelaysMs });
        core.decorate('smsQueue', smsQueue);
        core.addHook('onClose', async () => smsQueue.close());
      },
      { name: 'core' },
    ),
  );
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorHandler);
  await app.register(unreadBody);
  await app.register(apiSecurityHeaders);
  await app.register(nulInQuery);
  if (config.corsOrigins.length) await app.register(cors, { origin: config.corsOrigins });
  await app.register(rateLimits);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Kasuwa provider API', version: '1.0.0', description: 'The API of docs/api.md, with our extensions.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: (route) => jsonSchemaTransform(withMultipartForm(route)),
  });
  await app.register(auth);
  await app.register(multipart, { spoolDir: path.join(config.dataDir, 'tmp', 'api-uploads') });
  await app.register(publicAnswers);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(phoneVerificationRoutes);
  await app.register(bankCheckRoutes);
  await app.register(shopRoutes);
  await app.register(shopAlertRoutes);
  await app.register(productRoutes);
  await app.register(ratingRoutes);
  await app.register(reviewAnswerRoutes);
  await app.register(reportRoutes);
  await app.register(moderationRoutes);
  // The command line comes through the API for what only it may touch: the embedded database, the photos on its disk.
  if (database.kind === 'pglite' || config.storage.kind === 'disk') await app.register(adminRoutes);
  await app.register(savedRoutes);
  await app.register(adsRoutes);
  await app.register(paymentsRoutes);
  await app.register(mediaRoutes);
  await app.register(messageRoutes);

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  return app;
}
