import type { RouteHandler } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { errorCodes } from '../../../contract/errors';
import { z } from 'zod';
import { historyChoicesSchema, workoutReaderLimits } from '../../../contract/workout-reader';
import type { SignedInAppEnv } from '../../lib/context';
import { ApiError, fieldsFromIssues, invalidFields } from '../../lib/errors';
import type * as routes from './workout-reader.routes';
import { parseMapping, workoutReaderOf } from './workout-reader.store';

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], SignedInAppEnv>;

/** The reader's uploads, which app.ts leaves out of the API's 1 MiB body limit: they have their own. */
export const workoutReaderUploadPaths: readonly string[] = [
  '/api/workoutreader',
  '/api/workoutreader/history',
];

const megabytes = workoutReaderLimits.fileBytes / (1024 * 1024);
const fileTooLarge = () => {
  const message = `The file is larger than ${megabytes} MB: upload a few weeks at a time.`;
  return new ApiError(413, errorCodes.payloadTooLarge, message, { file: message });
};

/** The reader's own body limit (app.ts leaves it out of the API's 1 MiB): refused while it streams in. */
export const workoutReaderBodyLimit = bodyLimit({
  maxSize: workoutReaderLimits.fileBytes + 64 * 1024,
  onError: () => {
    throw fileTooLarge();
  },
});

export const readProgram: Handler<'readProgram'> = async (c) => {
  const { file, text, mapping } = c.req.valid('form');
  const parsedMapping = parseMapping(mapping);
  const reader = workoutReaderOf(c);
  if (file instanceof File && file.size > 0) {
    if (file.size > workoutReaderLimits.fileBytes) throw fileTooLarge();
    const bytes = new Uint8Array(await file.arrayBuffer());
    return c.json(
      { preview: await reader.preview({ file: { name: file.name, bytes }, mapping: parsedMapping }) },
      200,
    );
  }
  if (typeof text !== 'string')
    throw invalidFields({ file: 'Choose a CSV or Excel file, or paste your program' });
  return c.json({ preview: await reader.preview({ text, mapping: parsedMapping }) }, 200);
};

export const commitProgram: Handler<'commitProgram'> = async (c) => {
  const data = await workoutReaderOf(c).commit(c.req.valid('json'));
  const workouts = data.workouts.length === 1 ? '1 workout' : `${data.workouts.length} workouts`;
  const message = data.program
    ? `${data.program.name} is saved, with its ${workouts}.`
    : `${workouts[0]!.toUpperCase()}${workouts.slice(1)} saved to the library.`;
  return c.json({ message, data }, 201);
};

/** The choices of a history import, sent as JSON in the form. */
function historyChoices(raw: string | undefined) {
  let value: unknown;
  try {
    value = raw === undefined || raw.trim() === '' ? [] : JSON.parse(raw);
  } catch {
    throw invalidFields({
      exercises: 'The choices are not JSON: a list of { key, exerciseId } or { key, create }',
    });
  }
  const parsed = historyChoicesSchema.safeParse(value);
  if (!parsed.success)
    throw invalidFields(
      Object.fromEntries(
        Object.entries(fieldsFromIssues(parsed.error.issues)).map(([field, message]) => [
          field === '' ? 'exercises' : `exercises.${field}`,
          message,
        ]),
      ),
    );
  return parsed.data;
}

export const importHistory: Handler<'importHistory'> = async (c) => {
  const form = c.req.valid('form');
  if (!(form.file instanceof File) || form.file.size === 0)
    throw invalidFields({ file: 'Choose the log export (a CSV from FitNotes or Strong)' });
  if (form.file.size > workoutReaderLimits.fileBytes) throw fileTooLarge();
  const athleteId = z.uuid().safeParse(form.athleteId);
  if (!athleteId.success) throw invalidFields({ athleteId: 'Choose the athlete whose history this is' });
  const choices = historyChoices(form.exercises);
  const bytes = new Uint8Array(await form.file.arrayBuffer());
  const data = await workoutReaderOf(c).history({
    file: { name: form.file.name, bytes },
    athleteId: athleteId.data,
    choices,
    confirm: form.confirm === 'true',
  });
  const sessions = (count: number) => (count === 1 ? '1 session' : `${count} sessions`);
  if (!data.saved) {
    const message =
      data.sessions.added === 0
        ? `Nothing to add: the ${sessions(data.sessions.alreadyImported)} of this file were imported before.`
        : `${sessions(data.sessions.added)} and ${data.sets} sets would be added.`;
    return c.json({ message, data }, 200);
  }
  return c.json(
    { message: `${sessions(data.sessions.added)} and ${data.sets} sets added to the history.`, data },
    201,
  );
};
