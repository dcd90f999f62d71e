import type { RouteHandler } from '@hono/zod-openapi';
import type { PublicAppEnv, SignedInAppEnv } from '../../lib/context';
import type * as routes from './uploads.routes';
import { uploadsOf } from './uploads.store';
import { serveAttachmentFile } from './files';

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], SignedInAppEnv>;

export const createUpload: Handler<'createUpload'> = async (c) => {
  const { upload, created } = await uploadsOf(c).create(c.req.valid('json'));
  return c.json({ data: upload }, created ? 201 : 200);
};

export const getUpload: Handler<'getUpload'> = async (c) => {
  const upload = await uploadsOf(c).get(c.req.valid('query').id);
  return c.json({ data: upload }, 200, { 'Upload-Offset': String(upload.offset) });
};

export const writeUploadChunk: Handler<'writeUploadChunk'> = async (c) => {
  const { id, offset } = c.req.valid('query');
  const length = c.req.header('content-length');
  const upload = await uploadsOf(c).writeChunk(
    id,
    offset,
    c.req.raw.body,
    length === undefined || length === '' ? undefined : Number(length),
  );
  return c.json({ data: upload }, 200, { 'Upload-Offset': String(upload.offset) });
};

export const getFile: RouteHandler<typeof routes.getFile, PublicAppEnv> = (c) =>
  serveAttachmentFile(c, { ...c.req.valid('param'), ...c.req.valid('query') }, 'file');

export const getFilePreview: RouteHandler<typeof routes.getFilePreview, PublicAppEnv> = (c) =>
  serveAttachmentFile(c, { ...c.req.valid('param'), ...c.req.valid('query') }, 'preview');
