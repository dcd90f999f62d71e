import { z } from '@hono/zod-openapi';
import {
  createUploadRequestSchema,
  uploadChunkQuerySchema,
  uploadIdQuerySchema,
  uploadLimits,
  uploadResponseSchema,
} from '../../../contract/uploads';
import { errorResponse, jsonContent, publicRoute, signedInRoute } from '../../lib/routes';

const everyone = ['admin', 'coach', 'athlete'] as const;
const tags = ['Uploads'];
const binary = z.string().meta({ format: 'binary' });
const uploadOffsetHeader = {
  'Upload-Offset': {
    description: 'The committed offset: where the next chunk starts',
    schema: { type: 'integer' as const },
  },
};
const noSuchUpload = errorResponse('No such upload of yours, or an unfinished one older than a day');

export const createUpload = signedInRoute({
  operationId: 'createUpload',
  method: 'post',
  path: '/api/upload',
  tags,
  summary: 'Create or resume an upload of a chat attachment, with an id made on the device',
  description:
    'Declares the file (name, type, size, SHA-256) for a conversation the caller is in. The same id with the ' +
    'same declaration again answers the upload as it stands (200) with the offset to resume from; a different ' +
    'declaration for a taken id is 409. The type is checked again by the content when the first bytes arrive.',
  roles: everyone,
  request: {
    body: { content: { 'application/json': { schema: createUploadRequestSchema } }, required: true },
  },
  responses: {
    200: jsonContent(uploadResponseSchema, 'The upload as it stands (created before)'),
    201: jsonContent(uploadResponseSchema, 'The new upload, at offset 0'),
    400: errorResponse('A type that may not be attached (fields.type), or another field not valid'),
    404: errorResponse('No such conversation of the caller (someone outside it never learns it exists)'),
    409: errorResponse('The id is taken by another file'),
    413: errorResponse("Larger than the organisation's limit for this kind of file (fields.size)"),
  },
});

export const getUpload = signedInRoute({
  operationId: 'getUpload',
  method: 'get',
  path: '/api/upload',
  tags,
  summary: "The caller's upload as it stands, with its committed offset (also in the Upload-Offset header)",
  roles: everyone,
  request: { query: uploadIdQuerySchema },
  responses: {
    200: { ...jsonContent(uploadResponseSchema, 'The upload'), headers: uploadOffsetHeader },
    404: noSuchUpload,
  },
});

export const writeUploadChunk = signedInRoute({
  operationId: 'writeUploadChunk',
  method: 'patch',
  path: '/api/upload/chunk',
  tags,
  summary: 'Write a chunk of an upload at an explicit offset (the body is the raw bytes)',
  description:
    `At most ${uploadLimits.chunkBytes} bytes. The offset must be the committed one: another answers 409 with ` +
    'the committed offset in the Upload-Offset header and in fields.offset (digits), so a chunk repeated after ' +
    'a lost answer changes nothing. A chunk counts only when all of it arrived. The chunk that completes the ' +
    'file has its SHA-256 checked: a mismatch removes the upload (400, fields.sha256). Content that is not an ' +
    'attachment type removes it too (400, fields.type).',
  roles: everyone,
  request: {
    query: uploadChunkQuerySchema,
    body: {
      content: {
        'application/offset+octet-stream': { schema: binary },
        'application/octet-stream': { schema: binary },
      },
      required: true,
    },
  },
  responses: {
    200: {
      ...jsonContent(uploadResponseSchema, 'The upload with its new offset (complete at the end)'),
      headers: uploadOffsetHeader,
    },
    400: errorResponse(
      'Past the declared size (fields.offset), a body that ended early (fields.chunk), a SHA-256 mismatch (fields.sha256) or a refused type (fields.type)',
    ),
    404: noSuchUpload,
    409: errorResponse('Not the committed offset (Upload-Offset header, fields.offset)'),
    413: errorResponse('The chunk is too large (fields.chunk), or the content is a kind over its size limit'),
  },
});

// Loose on purpose: a link that is wrong in any way answers the same 404, not a 400 naming what is wrong.
const fileQuerySchema = z.object({
  u: z.string().max(100).optional(),
  e: z.string().max(20).optional(),
  s: z.string().max(100).optional(),
});
const fileParamSchema = z.object({ id: z.string().max(100) });
const fileResponses = {
  200: {
    description: 'The file (or its preview), with Accept-Ranges: bytes',
    content: { '*/*': { schema: binary } },
  },
  206: { description: 'The byte range asked for', content: { '*/*': { schema: binary } } },
  404: errorResponse('Not a valid, unexpired link of a member of the conversation, or no such file'),
  416: errorResponse('The range is outside the file'),
};

export const getFile = publicRoute({
  operationId: 'getAttachmentFile',
  method: 'get',
  path: '/api/files/{id}',
  tags,
  summary:
    "A chat attachment's file, by the signed link a message carries (no bearer: <img>, <video>, <audio>)",
  request: { params: fileParamSchema, query: fileQuerySchema },
  responses: fileResponses,
});

export const getFilePreview = publicRoute({
  operationId: 'getAttachmentPreview',
  method: 'get',
  path: '/api/files/{id}/preview',
  tags,
  summary: "A photo attachment's small preview (WebP, at most 480 px), by its signed link",
  request: { params: fileParamSchema, query: fileQuerySchema },
  responses: fileResponses,
});
