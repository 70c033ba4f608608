import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';

/** How long another instance's hiding takes to reach this one. */
export const HIDDEN_REFRESH_MS = 5_000;
const HOUR_MS = 60 * 60_000;

const folderOf = (key: string) => key.slice(0, key.lastIndexOf('/'));

export type MediaLinks = { url(key: string): string };

/**
 * Hidden shops' photos answer 404 unless signed, as only links for their owner and moderators are. Kept
 * in memory so the photo path asks the database nothing.
 */
export class HiddenMedia {
  private folders = new Set<string>();
  private reading: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly key: Buffer;

  constructor(
    private readonly db: Db,
    secret: Uint8Array,
    /** The API's own `/media`: a signed photo never goes through a CDN (MEDIA_PUBLIC_URL). */
    private readonly ownMediaUrl: string,
    private readonly clock: () => Date,
  ) {
    this.key = createHmac('sha256', secret).update('hidden media links').digest();
  }

  isHidden(key: string): boolean {
    return this.folders.has(folderOf(key));
  }

  /** A caller arriving during a read waits for the next, which sees its change. */
  async refresh(): Promise<void> {
    const running = this.reading;
    if (running) await running;
    this.reading ??= this.read().finally(() => (this.reading = undefined));
    await this.reading;
  }

  private async read(): Promise<void> {
    const { rows } = (await this.db.execute(sql`
      select image->>'key' as key from shops where hidden_at is not null
      union all
      select product_images.image->>'key' from product_images join shops on shops.id = product_images.shop_id where shops.hidden_at is not null`)) as {
      rows: { key: string }[];
    };
    this.folders = new Set(rows.map((row) => folderOf(row.key)));
  }

  start(log: FastifyBaseLogger): void {
    this.timer = setInterval(() => this.refresh().catch((error: unknown) => log.error({ err: error }, 'hidden photos not read again')), HIDDEN_REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private signature(key: string, until: string): string {
    return createHmac('sha256', this.key).update(`${key}\n${until}`).digest().subarray(0, 16).toString('base64url');
  }

  /** A signed URL stays the same for a whole hour, so that browsers keep it. */
  linksFor(publicLinks: MediaLinks): MediaLinks {
    return {
      url: (key) => {
        if (!this.isHidden(key)) return publicLinks.url(key);
        const until = String((Math.floor(this.clock().getTime() / HOUR_MS) + 2) * (HOUR_MS / 1000));
        return `${this.ownMediaUrl}/${key}?until=${until}&sig=${this.signature(key, until)}`;
      },
    };
  }

  allows(key: string, query: { until?: string; sig?: string }): boolean {
    const { until, sig } = query;
    if (!until || !sig || !/^\d{1,12}$/.test(until) || Number(until) * 1000 <= this.clock().getTime()) return false;
    const expected = Buffer.from(this.signature(key, until));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
