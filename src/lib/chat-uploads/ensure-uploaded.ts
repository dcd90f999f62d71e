import type { CreateUploadRequest, Upload } from '@contract/uploads';
import { uploadLimits, uploadResponseSchema } from '@contract/uploads';
import { isHTTPError } from 'ky';
import { api } from '@/lib/api/api-client';
import { isApiRequestError } from '@/lib/api/api-request-error';
import type { DeviceAttachment, UploadOutcome } from './device-attachment';
import { readDeviceFile } from './device-files';

/** The outbox tries again; nothing here retries (ADR 063). */
const later: UploadOutcome = { status: 'later' };
export const fileGoneMessage = 'The file is no longer on this device.';

/** A 5 MB chunk on a slow phone connection takes more than ky's 10 s default; a stalled one is given up later. */
export const chunkTimeoutMs = 5 * 60_000;

/** Answers that say "not now" rather than "never": the outbox sends the upload again later. */
const isWorthRetrying = (status: number) =>
  status === 401 || status === 408 || status === 429 || status >= 500;

/** Uploads this page created or resumed: the next attempt asks their committed offset with a GET. */
const known = new Set<string>();

class UploadGone extends Error {}

const declarationOf = (conversationId: string, attachment: DeviceAttachment): CreateUploadRequest => ({
  id: attachment.uploadId,
  conversationId,
  fileName: attachment.fileName,
  type: attachment.type,
  size: attachment.size,
  sha256: attachment.sha256,
  ...(attachment.durationMs === null ? {} : { durationMs: attachment.durationMs }),
  ...(attachment.waveform === null ? {} : { waveform: attachment.waveform }),
});

async function askUpload(uploadId: string): Promise<Upload> {
  try {
    const answer = await api
      .get('api/upload', { searchParams: { id: uploadId }, retry: 0 })
      .json(uploadResponseSchema);
    return answer.data;
  } catch (error) {
    // Expired (a day unfinished) or never created: create it again, the device has the bytes.
    if (isApiRequestError(error) && error.status === 404) throw new UploadGone();
    throw error;
  }
}

/** Creates the upload, or answers it as it stands when the server has it already (same id, same declaration). */
async function createOrResume(conversationId: string, attachment: DeviceAttachment): Promise<Upload> {
  const answer = await api
    .post('api/upload', { json: declarationOf(conversationId, attachment), retry: 0 })
    .json(uploadResponseSchema);
  known.add(attachment.uploadId);
  return answer.data;
}

async function uploadAsItStands(conversationId: string, attachment: DeviceAttachment): Promise<Upload> {
  if (!known.has(attachment.uploadId)) return createOrResume(conversationId, attachment);
  try {
    return await askUpload(attachment.uploadId);
  } catch (error) {
    if (!(error instanceof UploadGone)) throw error;
    known.delete(attachment.uploadId);
    return createOrResume(conversationId, attachment);
  }
}

/** The offset a 409 names: the `Upload-Offset` header (tus), else the field `offset`; null when it names none. */
function committedOffsetOf(error: unknown): number | null {
  if (!isApiRequestError(error)) return null;
  const header = isHTTPError(error.cause) ? error.cause.response.headers.get('Upload-Offset') : null;
  const named = header ?? error.fields.offset ?? null;
  const offset = named === null ? Number.NaN : Number(named);
  return Number.isSafeInteger(offset) && offset >= 0 ? offset : null;
}

/** Writes bytes [offset, end) and answers the committed offset after them. */
async function sendChunk(uploadId: string, offset: number, bytes: Blob): Promise<number> {
  const body = new Uint8Array(await bytes.arrayBuffer());
  const response = await api.patch('api/upload/chunk', {
    searchParams: { id: uploadId, offset },
    body,
    headers: { 'Content-Type': 'application/offset+octet-stream' },
    retry: 0,
    timeout: chunkTimeoutMs,
  });
  const text = await response.text();
  if (text !== '') return uploadResponseSchema.parse(JSON.parse(text)).data.offset;
  const header = Number(response.headers.get('Upload-Offset'));
  return Number.isSafeInteger(header) ? header : offset + bytes.size;
}

const percentOf = (offset: number, size: number) => (size === 0 ? 100 : Math.floor((offset / size) * 100));

function outcomeOf(error: unknown): UploadOutcome {
  if (!isApiRequestError(error)) return later;
  if (isWorthRetrying(error.status)) return later;
  return { status: 'refused', message: Object.values(error.fields)[0] ?? error.message };
}

/**
 * Creates or resumes the attachment's upload and sends its chunks from the committed offset (5 MB each, read from
 * the device), telling progress in percent of the bytes the server has kept. One attempt: a dropped connection,
 * a 5xx or a lapsed session answers 'later' and the outbox calls again; the server's offset decides where the
 * next attempt starts, so no byte is sent twice into the file.
 */
export async function ensureUploaded(
  conversationId: string,
  attachment: DeviceAttachment,
  onProgress: (percent: number) => void,
): Promise<UploadOutcome> {
  const file = await readDeviceFile(attachment.uploadId).catch(() => undefined);
  if (!file) return { status: 'refused', message: fileGoneMessage };
  try {
    let upload = await uploadAsItStands(conversationId, attachment).catch(async (error: unknown) => {
      if (!(error instanceof UploadGone)) throw error;
      return createOrResume(conversationId, attachment);
    });
    let offset = upload.offset;
    let conflicts = 0;
    let recreated = false;
    while (upload.status !== 'complete' && offset < attachment.size) {
      onProgress(percentOf(offset, attachment.size));
      const end = Math.min(offset + uploadLimits.clientChunkBytes, attachment.size);
      try {
        offset = await sendChunk(attachment.uploadId, offset, file.slice(offset, end));
        conflicts = 0;
      } catch (error) {
        const committed = isApiRequestError(error) && error.status === 409 ? committedOffsetOf(error) : null;
        if (committed !== null && conflicts < 3) {
          // A chunk repeated after a dropped answer, or another tab ahead of this one: go on from the server's.
          conflicts += 1;
          offset = committed;
          continue;
        }
        if (isApiRequestError(error) && error.status === 409 && conflicts < 3) {
          conflicts += 1;
          upload = await askUpload(attachment.uploadId);
          offset = upload.offset;
          continue;
        }
        if (isApiRequestError(error) && error.status === 404 && !recreated) {
          // Expired while this device was away: start it again once.
          recreated = true;
          upload = await createOrResume(conversationId, attachment);
          offset = upload.offset;
          continue;
        }
        throw error;
      }
    }
    onProgress(100);
    return { status: 'uploaded' };
  } catch (error) {
    return outcomeOf(error);
  }
}

/** Tests only: a new page, which knows no upload yet. */
export function forgetKnownUploads(): void {
  known.clear();
}
