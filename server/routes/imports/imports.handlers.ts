import type { RouteHandler } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { errorCodes } from '../../../contract/errors';
import { importKindPaths, type ImportKind } from '../../../contract/pitching';
import { tooLargeMessage } from '../../imports/csv-file';
import type { SignedInAppEnv } from '../../lib/context';
import { ApiError } from '../../lib/errors';
import type { pitchImports } from './imports.routes';
import { importsOf } from './imports.store';

type Routes = typeof pitchImports;
type Handler<R extends keyof Routes> = RouteHandler<Routes[R], SignedInAppEnv>;

/** The upload paths, which app.ts leaves out of the API's 1 MiB body limit: they have their own. */
export const importUploadPaths: readonly string[] = Object.values(importKindPaths).map(
  (segment) => `/api/imports/${segment}`,
);

/** The file's limit and the form around it (its field names and boundaries). */
const formOverheadBytes = 64 * 1024;
const fileTooLarge = () =>
  new ApiError(413, errorCodes.payloadTooLarge, tooLargeMessage, { file: tooLargeMessage });

/** The uploads' own body limit: a larger request is refused while it streams in, before it is read. */
export const importBodyLimit = bodyLimit({
  maxSize: 5 * 1024 * 1024 + formOverheadBytes,
  onError: () => {
    throw fileTooLarge();
  },
});

const kindHandlers = (kind: ImportKind) => {
  const upload: Handler<'upload'> = async (c) => {
    const { file, logId } = c.req.valid('form');
    if (file.size > 5 * 1024 * 1024) throw fileTooLarge();
    const bytes = new Uint8Array(await file.arrayBuffer());
    const preview = await importsOf(c).upload(kind, logId, { name: file.name, bytes });
    return c.json({ import: preview }, 201);
  };
  const get: Handler<'get'> = async (c) =>
    c.json({ import: await importsOf(c).get(kind, c.req.valid('param').importId) }, 200);
  const update: Handler<'update'> = async (c) =>
    c.json(
      { import: await importsOf(c).update(kind, c.req.valid('param').importId, c.req.valid('json')) },
      200,
    );
  const commit: Handler<'commit'> = async (c) => {
    return c.json(await importsOf(c).commit(kind, c.req.valid('param').importId, c.req.valid('json')), 200);
  };
  return { upload, get, update, commit };
};

export const pitchImportHandlers = kindHandlers('pitches');
export const sensorThrowImportHandlers = kindHandlers('sensor_throws');
