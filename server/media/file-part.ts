/**
 * One uploaded file. Uploads wait on disk until `read()` (see readMultipart): an image is read into
 * memory only when its turn to be processed comes (see storeImage), so the uploads of ten owners
 * waiting for a turn hold no memory.
 */
export type FilePart = { field: string; filename: string; mimetype: string; size: number; read(): Promise<Buffer> };

/** A file already in memory (a generated demo photo, a test's) as an upload. */
export function filePartOf(data: Buffer, part: { field: string; filename: string; mimetype: string }): FilePart {
  return { ...part, size: data.length, read: async () => data };
}
