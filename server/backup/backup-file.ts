import { z } from 'zod';

/**
 * One backup is one tar file: `manifest.json` first, then the database's own dump, then under `media/`
 * the photo files its rows name, each at its storage key.
 */
export const MANIFEST_FILE = 'manifest.json';
export const MEDIA_FOLDER = 'media';
export const DATABASE_FILE = { pglite: 'database.tar.gz', postgres: 'database.pgdump' } as const;

export const manifestSchema = z.object({
  format: z.literal('kasuwa-backup'),
  version: z.literal(1),
  takenAt: z.iso.datetime(),
  /** A backup goes back into the same kind of database. */
  database: z.enum(['pglite', 'postgres']),
  /** `bucket`: the photos stayed in the S3 bucket and the file holds the database alone. */
  photos: z.enum(['included', 'bucket']),
  photoFiles: z.number().int().min(0),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** Said to the person at the terminal as it is, with a non-zero exit. */
export class BackupRefused extends Error {}
