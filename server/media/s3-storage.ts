import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, HeadBucketCommand, NoSuchKey, paginateListObjectsV2, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { contentTypeOf, isMediaKey, type MediaStorage } from './media-storage';

export type S3Settings = { bucket: string; endpoint: string | undefined; region: string; forcePathStyle: boolean };

/** Keys never change once written (each upload gets a new folder), so a CDN or browser may keep them for a year. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';
const DELETE_BATCH = 1000;
/** The relay streams one photo per visitor's request: with the SDK's default a busy page's photos queue. */
const MAX_SOCKETS = 256;

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey || (error instanceof S3ServiceException && (error.name === 'NotFound' || error.$metadata.httpStatusCode === 404));

/** Credentials come the SDK's own way (environment, profile or instance role). */
export function s3Storage(settings: S3Settings): MediaStorage {
  const { bucket } = settings;
  const agent = { keepAlive: true, maxSockets: MAX_SOCKETS };
  const s3 = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: several compatible servers refuse the SDK's newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      httpAgent: new http.Agent(agent),
      httpsAgent: new https.Agent(agent),
      connectionTimeout: 5_000,
      // Silence on an open socket this long means a hung server: the relay answers an error rather than wait.
      requestTimeout: 30_000,
    },
  });

  return {
    shared: true,

    async put(key, data, contentType) {
      if (!isMediaKey(key)) throw new Error(`Invalid media key: ${JSON.stringify(key)}`);
      await new Upload({ client: s3, params: { Bucket: bucket, Key: key, Body: data, ContentType: contentType, CacheControl: CACHE_CONTROL } }).done();
    },

    async remove(keys) {
      const ours = keys.filter(isMediaKey);
      for (let start = 0; start < ours.length; start += DELETE_BATCH) {
        const objects = ours.slice(start, start + DELETE_BATCH).map((Key) => ({ Key }));
        const { Errors } = await s3.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects, Quiet: true } }));
        if (Errors?.length)
          throw new Error(`Could not remove ${Errors.length} media objects, e.g. ${Errors[0]!.Key}: ${Errors[0]!.Code} ${Errors[0]!.Message}`);
      }
    },

    async open(key) {
      if (!isMediaKey(key)) return null;
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        // Typed from the key, as on disk: the relay never passes on a type someone else set on the bucket.
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0, contentType: contentTypeOf(key) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async *list() {
      for await (const page of paginateListObjectsV2({ client: s3 }, { Bucket: bucket })) {
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, modifiedMs: object.LastModified?.getTime() ?? 0 };
        }
      }
    },

    async check() {
      await s3.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}
