import { and, eq, lt } from 'drizzle-orm';
import { uploadLimits } from '../../../contract/uploads';
import type { Database } from '../../db/client';
import { uploads } from '../../db/schema';
import type { UploadStaging } from './upload-staging';

export const uploadLifetimeMs = uploadLimits.expireHours * 60 * 60 * 1000;

/** Whether an unfinished upload made at `createdAt` may no longer be resumed. */
export const isExpired = (createdAt: Date, now: number) => createdAt.getTime() + uploadLifetimeMs <= now;

/**
 * Removes unfinished uploads older than a day, rows and staged files, in every organisation (ADR 061). Each
 * process sweeps on its own: a row is deleted by one statement only (`delete … returning`), and a chunk being
 * written holds the row's lock, so the sweep waits for it.
 */
export class UploadExpiry {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly staging: UploadStaging,
    private readonly now: () => number = Date.now,
  ) {}

  /** Answers how many uploads were removed. */
  async sweep(): Promise<number> {
    const removed = await this.db
      .delete(uploads)
      .where(
        and(eq(uploads.status, 'uploading'), lt(uploads.createdAt, new Date(this.now() - uploadLifetimeMs))),
      )
      .returning({ storageKey: uploads.storageKey });
    await Promise.all(removed.map((upload) => this.staging.remove(upload.storageKey)));
    return removed.length;
  }

  /** Sweeps every `everyMs` (not keeping the process alive); a failed sweep is tried again next time. */
  start(everyMs = 5 * 60 * 1000): void {
    this.timer ??= setInterval(() => {
      this.sweep().catch((error: unknown) => console.error('Sweeping expired uploads failed:', error));
    }, everyMs).unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
