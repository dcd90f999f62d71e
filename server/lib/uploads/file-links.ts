import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serverSecrets } from '../../db/schema';

/**
 * Signed, expiring links to attachments (issue 25, ADR 061): `<img>`, `<video>` and `<audio>` cannot send the
 * bearer token, so a message carries links signed for the viewer who read it. A link names the upload, the
 * variant, the viewer and its end; the route that serves it checks the signature, the time, and that the viewer
 * is still a member of the conversation. The key is made once per deployment and kept in the database, so every
 * process signs and checks alike.
 */

export type FileVariant = 'file' | 'preview';

/** Long enough to watch a video through; a screen reads its conversation again long before. */
export const fileLinkLifetimeSeconds = 6 * 60 * 60;

const secretName = 'file-links';

export interface FileLinkClaims {
  uploadId: string;
  variant: FileVariant;
  userId: string;
  /** Epoch seconds. */
  expires: number;
}

export class FileLinks {
  private key: Promise<Buffer> | null = null;

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  private secret(): Promise<Buffer> {
    this.key ??= (async () => {
      await this.db
        .insert(serverSecrets)
        .values({ name: secretName, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await this.db.select().from(serverSecrets).where(eq(serverSecrets.name, secretName));
      return Buffer.from(row!.value, 'base64url');
    })();
    // A failed read (the database away) is tried again on the next link, not remembered.
    this.key.catch(() => (this.key = null));
    return this.key;
  }

  private async signature(claims: FileLinkClaims): Promise<string> {
    const payload = `${claims.uploadId}.${claims.variant}.${claims.userId}.${claims.expires}`;
    return createHmac('sha256', await this.secret())
      .update(payload)
      .digest('base64url');
  }

  /** `/api/files/{uploadId}?…` (or `/api/files/{uploadId}/preview?…`) for this viewer, valid for a while. */
  async link(uploadId: string, variant: FileVariant, userId: string): Promise<string> {
    // Rounded to the hour so that a page read twice gives the same links and the browser's cache keeps the file.
    const hour = 3600;
    const expires = Math.ceil((this.now() / 1000 + fileLinkLifetimeSeconds) / hour) * hour;
    const claims = { uploadId, variant, userId, expires };
    const query = new URLSearchParams({ u: userId, e: String(expires), s: await this.signature(claims) });
    return `/api/files/${uploadId}${variant === 'preview' ? '/preview' : ''}?${query.toString()}`;
  }

  /** Whether a link's query is a valid, unexpired signature of these claims. */
  async verify(claims: FileLinkClaims, signature: string): Promise<boolean> {
    if (!Number.isFinite(claims.expires) || claims.expires * 1000 < this.now()) return false;
    const expected = Buffer.from(await this.signature(claims));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
