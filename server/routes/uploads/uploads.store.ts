import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { errorCodes } from '../../../contract/errors';
import type { z } from 'zod';
import { uploadLimits, type createUploadRequestSchema, type Upload } from '../../../contract/uploads';
import { uploads } from '../../db/schema';
import { conversationOfMember } from '../../lib/chat/membership';
import type { SignedInVariables } from '../../lib/context';
import type { Viewer } from '../../lib/directory/sessions';
import { ApiError, invalidFields, notFound } from '../../lib/errors';
import type { TenantScope } from '../../lib/tenancy';
import {
  baseType,
  detectAttachmentType,
  isAttachmentType,
  sizeLimitOf,
  typeSniffBytes,
} from '../../lib/uploads/attachment-type';
import type { FileStorage } from '../../lib/uploads/file-storage';
import { hasPreview, writeImagePreview } from '../../lib/uploads/image-preview';
import { isExpired } from '../../lib/uploads/upload-expiry';
import { ChunkTooLongError, stagingOf, type UploadStaging } from '../../lib/uploads/upload-staging';

type UploadRow = typeof uploads.$inferSelect;

const megabytes = (bytes: number) => `${Math.floor(bytes / (1024 * 1024))} MB`;
const tooLarge = (field: string, message: string) =>
  new ApiError(413, errorCodes.payloadTooLarge, message, { [field]: message });
const taken = () =>
  new ApiError(409, errorCodes.conflict, 'This upload id is taken by another file: make a new one.', {
    id: 'This upload id is taken by another file',
  });
const noSuchUpload = () => notFound('There is no such upload (an unfinished upload expires after a day).');

/** 409 for a chunk at another offset than the committed one: the committed offset is in the header and fields. */
const wrongOffset = (committed: number) =>
  new ApiError(
    409,
    errorCodes.conflict,
    `The upload has ${committed} bytes: send the chunk at offset ${committed}.`,
    { offset: String(committed) },
    { 'Upload-Offset': String(committed) },
  );

export function uploadView(row: UploadRow): Upload {
  return {
    id: row.id,
    conversationId: row.conversationId,
    fileName: row.fileName,
    type: row.detectedType ?? row.declaredType,
    size: row.size,
    sha256: row.sha256,
    offset: row.committedBytes,
    status: row.status,
  };
}

export interface UploadDependencies {
  staging: UploadStaging;
  storage: FileStorage;
  now?: () => number;
}

/**
 * Resumable uploads of chat attachments (issue 25, ADR 061): tus 1.0's guarantees on the spec's paths. A chunk is
 * written at an explicit offset while its upload's row is locked, and counts only when all of it arrived; the
 * chunk that completes the file has its SHA-256 checked and hands it to the file storage.
 */
export class UploadStore {
  private readonly now: () => number;

  constructor(
    private readonly tenant: TenantScope,
    private readonly viewer: Pick<Viewer, 'user' | 'organization'>,
    private readonly files: UploadDependencies,
  ) {
    this.now = files.now ?? Date.now;
  }

  /** 201 the first time; the same declaration again answers the upload as it stands (a reload resumes it). */
  async create(
    request: z.output<typeof createUploadRequestSchema>,
  ): Promise<{ upload: Upload; created: boolean }> {
    const conversation = await conversationOfMember(this.tenant, request.conversationId, this.viewer.user.id);
    if (!conversation) throw notFound('There is no such conversation.');
    const type = baseType(request.type);
    if (!isAttachmentType(type)) {
      throw invalidFields({ type: 'Attach a photo, a video, a PDF or a voice message' });
    }
    const limit = sizeLimitOf(type, this.viewer.organization);
    if (request.size > limit) {
      throw tooLarge(
        'size',
        `The file is larger than ${megabytes(limit)}, the most your organisation allows.`,
      );
    }
    const id = request.id.toLowerCase();
    const storageKey = `${this.viewer.organization.id}/${id}-${randomBytes(16).toString('hex')}`;
    const [inserted] = await this.tenant.insertMissing(uploads, {
      id,
      ownerId: this.viewer.user.id,
      conversationId: conversation.id,
      fileName: request.fileName,
      declaredType: type,
      size: request.size,
      sha256: request.sha256.toLowerCase(),
      storageKey,
      durationMs: request.durationMs ?? null,
      waveform: request.waveform ?? null,
    });
    if (inserted) {
      await this.files.staging.ensure(inserted.storageKey);
      return { upload: uploadView(inserted), created: true };
    }
    const existing = await this.tenant.first(uploads, eq(uploads.id, id));
    if (
      !existing ||
      existing.ownerId !== this.viewer.user.id ||
      existing.conversationId !== conversation.id ||
      existing.size !== request.size ||
      existing.sha256 !== request.sha256.toLowerCase()
    ) {
      throw taken();
    }
    if (existing.status === 'uploading') {
      if (isExpired(existing.createdAt, this.now())) throw noSuchUpload();
      await this.files.staging.ensure(existing.storageKey);
    }
    return { upload: uploadView(existing), created: false };
  }

  /** The viewer's own upload as it stands (another's, or an expired one, is not found). */
  async get(uploadId: string): Promise<Upload> {
    const row = await this.tenant.first(
      uploads,
      and(eq(uploads.id, uploadId.toLowerCase()), eq(uploads.ownerId, this.viewer.user.id))!,
    );
    if (!row || (row.status === 'uploading' && isExpired(row.createdAt, this.now()))) throw noSuchUpload();
    return uploadView(row);
  }

  /**
   * Writes one chunk at `offset`. Writers of one upload queue on its row's lock (across processes), so of two
   * copies of a chunk one is written and the other finds the offset moved on (409). A chunk that does not
   * arrive whole leaves nothing: the file is cut back to the committed offset.
   */
  async writeChunk(
    uploadId: string,
    offset: number,
    body: ReadableStream<Uint8Array> | null,
    declaredLength: number | undefined,
  ): Promise<Upload> {
    if (declaredLength !== undefined && declaredLength > uploadLimits.chunkBytes) throw chunkTooLarge();
    const id = uploadId.toLowerCase();
    const outcome = await this.tenant.transaction(async (scope) => {
      const mine = and(eq(uploads.id, id), eq(uploads.ownerId, this.viewer.user.id))!;
      if ((await scope.lock(uploads, mine)) === 0) throw noSuchUpload();
      const row = (await scope.first(uploads, mine))!;
      if (row.status === 'complete') {
        if (offset === row.size && !declaredLength) return { upload: uploadView(row) };
        throw wrongOffset(row.committedBytes);
      }
      if (isExpired(row.createdAt, this.now())) throw noSuchUpload();
      if (offset !== row.committedBytes) throw wrongOffset(row.committedBytes);
      const remaining = row.size - offset;
      if (declaredLength !== undefined && declaredLength > remaining) throw pastTheEnd(row.size);

      const received = await this.receive(row, body, remaining);
      const committed = offset + received;
      const changes: Partial<UploadRow> = { committedBytes: committed };

      if (row.detectedType === null && committed >= Math.min(typeSniffBytes, row.size)) {
        const head = await this.files.staging.head(row.storageKey, typeSniffBytes);
        const detected = await detectAttachmentType(head, row.declaredType);
        if (!detected) {
          return await this.refuse(
            scope,
            row,
            invalidFields({ type: 'This file is not a photo, a video, a PDF or a voice message' }),
          );
        }
        const limit = sizeLimitOf(detected, this.viewer.organization);
        if (row.size > limit) {
          return await this.refuse(
            scope,
            row,
            tooLarge(
              'size',
              `The file is larger than ${megabytes(limit)}, the most your organisation allows.`,
            ),
          );
        }
        changes.detectedType = detected;
      }

      if (committed === row.size) {
        if ((await this.files.staging.sha256(row.storageKey)) !== row.sha256) {
          return await this.refuse(
            scope,
            row,
            invalidFields({
              sha256: 'The file that arrived is not the one declared (its SHA-256 differs): send it again',
            }),
          );
        }
        const type = changes.detectedType ?? row.detectedType ?? row.declaredType;
        changes.previewKey = await this.store(row, type);
        changes.status = 'complete';
        changes.completedAt = new Date(this.now());
      }
      const [updated] = await scope.update(uploads, changes, eq(uploads.id, row.id));
      return { upload: uploadView(updated!) };
    });
    if ('refusal' in outcome) throw outcome.refusal;
    return outcome.upload;
  }

  /** Streams the body to the staging file; on any failure the file is cut back to the committed bytes. */
  private async receive(row: UploadRow, body: ReadableStream<Uint8Array> | null, remaining: number) {
    if (!body) return 0;
    const maxBytes = Math.min(remaining, uploadLimits.chunkBytes);
    try {
      return await this.files.staging.writeAt(row.storageKey, row.committedBytes, body, maxBytes);
    } catch (error) {
      await this.files.staging.truncate(row.storageKey, row.committedBytes);
      if (error instanceof ChunkTooLongError)
        throw remaining < uploadLimits.chunkBytes ? pastTheEnd(row.size) : chunkTooLarge();
      // A disk's failure is the server's (500); anything else is the body ending early (the client gone).
      if (error instanceof Error && 'syscall' in error) throw error;
      throw cutOff(row.committedBytes);
    }
  }

  /** Hands the whole file to the storage, with a preview for photos; answers the preview's key. */
  private async store(row: UploadRow, type: string): Promise<string | null> {
    const stagedPath = this.files.staging.pathOf(row.storageKey);
    let previewKey: string | null = null;
    if (hasPreview(type)) {
      const previewPath = `${stagedPath}.preview.webp`;
      if (await writeImagePreview(stagedPath, previewPath)) {
        previewKey = `${row.storageKey}.preview.webp`;
        await this.files.storage.put(previewKey, previewPath, 'image/webp');
      }
    }
    await this.files.storage.put(row.storageKey, stagedPath, type);
    return previewKey;
  }

  /** Removes a refused upload and its bytes; the refusal is thrown once the removal is committed. */
  private async refuse(
    scope: TenantScope,
    row: UploadRow,
    refusal: ApiError,
  ): Promise<{ refusal: ApiError }> {
    await scope.delete(uploads, eq(uploads.id, row.id));
    await this.files.staging.remove(row.storageKey);
    return { refusal };
  }
}

const chunkTooLarge = () =>
  tooLarge(
    'chunk',
    `A chunk is at most ${megabytes(uploadLimits.chunkBytes)}: send the file in smaller chunks.`,
  );

const cutOff = (committed: number) =>
  new ApiError(
    400,
    errorCodes.validation,
    `The chunk did not arrive whole: send it again from offset ${committed}.`,
    { chunk: 'The chunk did not arrive whole' },
    { 'Upload-Offset': String(committed) },
  );

const pastTheEnd = (size: number) =>
  invalidFields({ offset: `The chunk goes past the declared size of ${size} bytes` }, 'chunk');

export const uploadsOf = (c: { var: Pick<SignedInVariables, 'tenant' | 'viewer' | 'fileStorage' | 'env'> }) =>
  new UploadStore(c.var.tenant, c.var.viewer, {
    staging: stagingOf(c.var.env),
    storage: c.var.fileStorage,
  });
