import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '#server/media/s3-storage.ts';

/** s3rver's built-in account: the credentials its requests must be signed with. */
export const S3_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export type S3Server = {
  settings: S3Settings;
  /** The API's environment for this bucket (S3_* and the credentials). */
  env: Record<string, string>;
  stop(): Promise<void>;
};

/**
 * A real S3-compatible server (s3rver, from npm) on a free port of this machine, with one empty bucket,
 * its objects in a temporary folder.
 */
export async function startS3Server(bucket = 'kasuwa-media'): Promise<S3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: { bucket, endpoint, region: 'us-east-1', forcePathStyle: true },
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: '1', ...S3_CREDENTIALS },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
