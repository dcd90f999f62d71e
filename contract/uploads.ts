import { z } from 'zod';

/**
 * Resumable uploads of chat attachments (issue 25, ADR 061), on the spec's paths, with tus 1.0's guarantees:
 * - `POST /api/upload` creates an upload with a device-made id, its size, type, name and SHA-256 (hex). Sent again
 *   with the same id and the same declaration it answers the upload as it stands (so a reload resumes it).
 * - `PATCH /api/upload/chunk?id={id}&offset={n}` (body: the raw bytes, `application/offset+octet-stream`) writes
 *   a chunk at an explicit offset. An offset other than the committed one answers 409 with the committed offset
 *   (a chunk repeated after a dropped answer changes nothing); bytes past the declared size answer 400. The chunk
 *   that completes the file has its SHA-256 checked: a mismatch refuses the upload and removes the file (400).
 * - `GET /api/upload?id={id}` answers the upload with its committed offset (also in the `Upload-Offset` header).
 * All three are on the spec's quiet paths (spec 9): an upload goes on in the background of the screen.
 * - A complete upload is attached by a message; its file is read at `fileUrl`, a signed link that expires.
 * Unfinished uploads expire after `uploadLimits.expireHours`.
 */

export const uploadPaths = { create: '/api/upload', chunk: '/api/upload/chunk' } as const;

export const uploadLimits = {
  /** Defaults of the organisation's settings, in bytes. */
  videoBytes: 100 * 1024 * 1024,
  otherBytes: 20 * 1024 * 1024,
  /** The largest chunk one request may carry; the web app sends 5 MB. */
  chunkBytes: 8 * 1024 * 1024,
  clientChunkBytes: 5 * 1024 * 1024,
  expireHours: 24,
  fileNameMax: 200,
} as const;

/** What may be attached, checked by the content's first bytes, not by the name. */
export const attachmentTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/heic',
  'video/mp4',
  'video/quicktime',
  'video/webm',
  'application/pdf',
  'audio/webm',
  'audio/ogg',
  'audio/mp4',
  'audio/mpeg',
] as const;
export type AttachmentType = (typeof attachmentTypes)[number];

export const attachmentKindOf = (type: string): 'image' | 'video' | 'audio' | 'pdf' =>
  type.startsWith('image/')
    ? 'image'
    : type.startsWith('video/')
      ? 'video'
      : type.startsWith('audio/')
        ? 'audio'
        : 'pdf';

export const sha256HexSchema = z
  .string({ error: 'sha256 must be the SHA-256 of the file in hexadecimal' })
  .regex(/^[0-9a-f]{64}$/i, 'sha256 must be the SHA-256 of the file in hexadecimal (64 characters)')
  .transform((value) => value.toLowerCase());

export const createUploadRequestSchema = z.object({
  id: z.uuid({ error: 'id must be an upload id (UUID) made on the device' }),
  conversationId: z.uuid({ error: 'conversationId must be a conversation id (UUID)' }),
  fileName: z
    .string({ error: 'fileName is required' })
    .trim()
    .min(1, 'fileName is required')
    .max(uploadLimits.fileNameMax, `fileName is at most ${uploadLimits.fileNameMax} characters`),
  type: z.string({ error: 'type is required' }).min(1, 'type is required').max(100),
  size: z
    .int({ error: 'size must be a whole number of bytes' })
    .min(1, 'The file is empty')
    .max(Number.MAX_SAFE_INTEGER),
  sha256: sha256HexSchema,
  /** Voice messages: how long, and peaks 0–1 for the waveform (at most 200). */
  durationMs: z.int().min(0).max(3_600_000).optional(),
  waveform: z.array(z.number().min(0).max(1)).max(200).optional(),
});
export type CreateUploadRequest = z.input<typeof createUploadRequestSchema>;

export const uploadIdQuerySchema = z.object({ id: z.uuid({ error: 'id must be an upload id (UUID)' }) });

export const uploadChunkQuerySchema = z.object({
  id: z.uuid({ error: 'id must be an upload id (UUID)' }),
  offset: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.int({ error: 'offset must be a whole number of bytes' }).min(0, 'offset must be at least 0'),
  ),
});

export const uploadStatuses = ['uploading', 'complete'] as const;

export const uploadSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  fileName: z.string(),
  /** The type found in the content. */
  type: z.string(),
  size: z.int(),
  sha256: z.string(),
  /** Bytes the server has kept: where the next chunk starts. */
  offset: z.int(),
  status: z.enum(uploadStatuses),
});
export type Upload = z.infer<typeof uploadSchema>;
export const uploadResponseSchema = z.object({ data: uploadSchema });

/** An attachment as a message shows it: links are signed for the viewer and expire. */
export const attachmentSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  type: z.string(),
  kind: z.enum(['image', 'video', 'audio', 'pdf']),
  size: z.int(),
  sha256: z.string(),
  fileUrl: z.string(),
  /** A small image for photos (made on the server); null for other kinds. */
  previewUrl: z.string().nullable(),
  durationMs: z.int().nullable(),
  waveform: z.array(z.number()).nullable(),
});
export type Attachment = z.infer<typeof attachmentSchema>;
