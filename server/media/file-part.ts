/** Waits on disk until `read()` at its turn, so uploads waiting for a turn hold no memory. */
export type FilePart = { field: string; filename: string; mimetype: string; size: number; read(): Promise<Buffer> };

export function filePartOf(data: Buffer, part: { field: string; filename: string; mimetype: string }): FilePart {
  return { ...part, size: data.length, read: async () => data };
}
