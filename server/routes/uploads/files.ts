import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { uploads } from '../../db/schema';
import { conversationOfMember } from '../../lib/chat/membership';
import type { PublicAppEnv } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { byteRangeOf } from '../../lib/uploads/byte-range';
import type { FileVariant } from '../../lib/uploads/file-links';

interface FileLinkQuery {
  id: string;
  u?: string | undefined;
  e?: string | undefined;
  s?: string | undefined;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every refusal looks the same, so a link tells nothing about a file its holder may not see. */
const noSuchFile = () => notFound('Not found.');

/** Types a browser shows in the page; anything else is offered as a download. */
const shownInline = /^(image|video|audio)\//;

/**
 * Serves an attachment by its signed link (ADR 061): a valid, unexpired signature for this viewer, a complete
 * upload, and a viewer who is still a member of its conversation; anything else is 404. Streams from the file
 * storage, with byte ranges for players that seek.
 */
export async function serveAttachmentFile(
  c: Context<PublicAppEnv>,
  link: FileLinkQuery,
  variant: FileVariant,
) {
  const { u: userId, e: expires, s: signature } = link;
  if (!uuidPattern.test(link.id) || !userId || !uuidPattern.test(userId) || !expires || !signature) {
    throw noSuchFile();
  }
  const uploadId = link.id.toLowerCase();
  const claims = { uploadId, variant, userId, expires: Number(expires) };
  if (!(await c.var.fileLinks.verify(claims, signature))) throw noSuchFile();
  const tenant = await c.var.sessions.scopeForUser(userId);
  if (!tenant) throw noSuchFile();
  const upload = await tenant.first(uploads, and(eq(uploads.id, uploadId), eq(uploads.status, 'complete'))!);
  if (!upload || !(await conversationOfMember(tenant, upload.conversationId, userId))) throw noSuchFile();
  const key = variant === 'preview' ? upload.previewKey : upload.storageKey;
  if (!key) throw noSuchFile();

  const type = variant === 'preview' ? 'image/webp' : (upload.detectedType ?? upload.declaredType);
  const headers: Record<string, string> = {
    'Content-Type': type,
    'Cache-Control': 'private, max-age=3600',
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': `${shownInline.test(type) ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(upload.fileName)}`,
  };
  // Videos and voice messages seek by ranges; a preview is small and read whole.
  if (variant === 'file') headers['Accept-Ranges'] = 'bytes';
  const size = variant === 'preview' ? undefined : upload.size;
  const range = size === undefined ? null : byteRangeOf(c.req.header('range'), size);
  if (range === 'unsatisfiable') {
    return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${size}` });
  }
  const file = await c.var.fileStorage.read(key, range ?? undefined);
  if (!file) throw noSuchFile();
  const body = Readable.toWeb(file.body) as ReadableStream<Uint8Array>;
  if (range) {
    return c.body(body, 206, {
      ...headers,
      'Content-Length': String(range.end - range.start + 1),
      'Content-Range': `bytes ${range.start}-${range.end}/${file.size}`,
    });
  }
  return c.body(body, 200, { ...headers, 'Content-Length': String(file.size) });
}
