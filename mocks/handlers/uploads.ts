import type { Upload } from '@contract/uploads';
import {
  attachmentTypes,
  createUploadRequestSchema,
  uploadChunkQuerySchema,
  uploadIdQuerySchema,
  uploadLimits,
  uploadResponseSchema,
} from '@contract/uploads';
import { errorCodes } from '@contract/error-codes';
import { sha256 } from 'hash-wasm';
import { apiError, apiRoute, requestUser, unauthorized, validationFailure } from './respond';

interface FakeUpload {
  upload: Upload;
  /** The file as the server keeps it: bytes [0, upload.offset) are committed. */
  bytes: Uint8Array;
  durationMs: number | null;
  waveform: number[] | null;
}

const notFound = () => apiError(404, { code: errorCodes.notFound, message: 'Upload not found.' });

/** 409 with the committed offset, in the header (as tus) and as a field. */
const offsetConflict = (offset: number) =>
  apiError(
    409,
    {
      code: errorCodes.conflict,
      message: `The upload has ${offset} bytes: send the chunk from there.`,
      fields: { offset: String(offset) },
    },
    { headers: { 'Upload-Offset': String(offset) } },
  );

/**
 * `POST/GET /api/upload` and `PATCH /api/upload/chunk` (issue 25, contract/uploads.ts): uploads kept in memory
 * with the bytes each has committed, so a test can drop an answer after the bytes landed and see the next
 * attempt resume from the server's offset. Install a fresh copy per test.
 */
export function createUploadsFake() {
  const uploads = new Map<string, FakeUpload>();
  /** Every chunk request that reached the fake, in order: `{ id, offset, length }`. */
  const chunkRequests: { id: string; offset: number; length: number }[] = [];

  /** The chunk route's work; a test may call it and then drop the answer, as a cut connection does. */
  async function receiveChunk(request: Request): Promise<Response> {
    if (!requestUser(request)) return unauthorized();
    const query = uploadChunkQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) return validationFailure(query.error);
    const chunk = new Uint8Array(await request.arrayBuffer());
    chunkRequests.push({ id: query.data.id, offset: query.data.offset, length: chunk.length });
    const found = uploads.get(query.data.id);
    if (!found) return notFound();
    const { upload } = found;
    if (query.data.offset !== upload.offset || upload.status === 'complete') {
      return offsetConflict(upload.offset);
    }
    if (upload.offset + chunk.length > upload.size) {
      return apiError(400, {
        code: errorCodes.validation,
        message: 'The chunk goes past the declared size.',
        fields: { offset: `The upload is ${upload.size} bytes.` },
      });
    }
    found.bytes.set(chunk, upload.offset);
    upload.offset += chunk.length;
    if (upload.offset === upload.size) {
      if ((await sha256(found.bytes)) !== upload.sha256) {
        uploads.delete(upload.id);
        return apiError(400, {
          code: errorCodes.validation,
          message: 'The file arrived damaged: its SHA-256 is not the one declared.',
          fields: { sha256: 'The SHA-256 of the bytes received is not the one declared.' },
        });
      }
      upload.status = 'complete';
    }
    return Response.json(uploadResponseSchema.parse({ data: upload }), { status: 200 });
  }

  const handlers = [
    apiRoute(
      {
        method: 'post',
        path: '/api/upload',
        responses: { 200: uploadResponseSchema, 201: uploadResponseSchema },
      },
      async ({ request, reply }) => {
        if (!requestUser(request)) return unauthorized();
        const body = createUploadRequestSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        const declared = body.data;
        const existing = uploads.get(declared.id);
        if (existing) {
          const same = existing.upload.size === declared.size && existing.upload.sha256 === declared.sha256;
          if (!same) {
            return apiError(409, {
              code: errorCodes.conflict,
              message: 'An upload with this id was declared with another file.',
            });
          }
          return reply(200, { data: existing.upload });
        }
        const type = declared.type.split(';')[0]!;
        if (!(attachmentTypes as readonly string[]).includes(type)) {
          return apiError(400, {
            code: errorCodes.validation,
            message: 'Check the highlighted fields.',
            fields: { type: 'Photos, videos, PDFs and voice messages can be attached.' },
          });
        }
        const limit = type.startsWith('video/') ? uploadLimits.videoBytes : uploadLimits.otherBytes;
        if (declared.size > limit) {
          return apiError(413, {
            code: errorCodes.payloadTooLarge,
            message: 'The file is too large.',
            fields: { size: `Files of this type can be up to ${limit / (1024 * 1024)} MB.` },
          });
        }
        const upload: Upload = {
          id: declared.id,
          conversationId: declared.conversationId,
          fileName: declared.fileName,
          type,
          size: declared.size,
          sha256: declared.sha256,
          offset: 0,
          status: 'uploading',
        };
        uploads.set(upload.id, {
          upload,
          bytes: new Uint8Array(declared.size),
          durationMs: declared.durationMs ?? null,
          waveform: declared.waveform ?? null,
        });
        return reply(201, { data: upload });
      },
    ),
    apiRoute(
      { method: 'get', path: '/api/upload', responses: { 200: uploadResponseSchema } },
      ({ request, reply }) => {
        if (!requestUser(request)) return unauthorized();
        const query = uploadIdQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
        if (!query.success) return validationFailure(query.error);
        const found = uploads.get(query.data.id);
        return found ? reply(200, { data: found.upload }) : notFound();
      },
    ),
    apiRoute(
      { method: 'patch', path: '/api/upload/chunk', responses: { 200: uploadResponseSchema } },
      ({ request }) => receiveChunk(request),
    ),
  ];

  return {
    handlers,
    chunkRequests,
    receiveChunk,
    /** The server removed the unfinished upload (ADR 061: a day after its creation). */
    expire: (id: string) => uploads.delete(id),
    /** The upload as the fake keeps it, with its committed bytes. */
    uploadOf: (id: string) => uploads.get(id),
    committedBytesOf: (id: string) => {
      const found = uploads.get(id);
      return found ? found.bytes.slice(0, found.upload.offset) : undefined;
    },
  };
}

export const uploadHandlersOfDemo = createUploadsFake().handlers;
