import { existsSync, readdirSync } from 'node:fs';
import { type PostgresServer, postgresServer } from '#bench/lib/postgres-server.ts';
import { throwawayDatabase } from '#bench/lib/throwaway-database.ts';
import { REDIS_MISSING, type RedisServer, redisServerInstalled, startRedisServer } from '#tests/support/redis-server.ts';
import { type S3Server, startS3Server } from '#tests/support/s3-server.ts';

const POSTGRES_MISSING =
  "no PostgreSQL: set TEST_DATABASE_URL (as .ci/run does) or install Debian's postgresql (apt-get install postgresql) for a throwaway cluster";

const postgresInstalled = () =>
  existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((major) => existsSync(`/usr/lib/postgresql/${major}/bin/initdb`));

/** Why the services cannot be had on this machine, or undefined when they can (decided before any test runs). */
export const servicesMissing: string | undefined = !redisServerInstalled()
  ? REDIS_MISSING
  : !process.env.TEST_DATABASE_URL && !postgresInstalled()
    ? POSTGRES_MISSING
    : undefined;

export type Services = {
  /** A new, empty database for this file. */
  databaseUrl: string;
  redis: RedisServer;
  s3: S3Server;
  stop(): Promise<void>;
};

/**
 * What several API instances share: one PostgreSQL database (on TEST_DATABASE_URL's server, or on a
 * throwaway cluster), one Redis (Debian's redis-server on a free port) and one bucket (s3rver).
 */
export async function startServices(): Promise<Services> {
  const configured = process.env.TEST_DATABASE_URL;
  let server: PostgresServer | undefined;
  if (!configured) {
    // postgresServer takes DATABASE_URL for its server when set; here only TEST_DATABASE_URL may name one.
    const saved = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    try {
      server = await postgresServer();
    } finally {
      if (saved !== undefined) process.env.DATABASE_URL = saved;
    }
  }
  const database = await throwawayDatabase(configured ?? server!.url);
  const [redis, s3] = await Promise.all([startRedisServer(), startS3Server()]);
  return {
    databaseUrl: database.url,
    redis,
    s3,
    async stop() {
      await Promise.allSettled([redis.stop(), s3.stop()]);
      await database.drop().catch(() => undefined);
      server?.stop();
    },
  };
}
