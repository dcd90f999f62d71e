import { readFileSync } from 'node:fs';
import { and, asc, eq, notExists } from 'drizzle-orm';
import type { CommitImportResponse, ImportPreviewResponse } from '../../../contract/pitching';
import { pitches, sensorThrows, throwImports, users, workoutLogs } from '../../db/schema';
import type { ErrorBody } from '../../testing/library-lookups';
import type { TestContext } from '../../testing/test-app';

export type ImportPath = 'pitches' | 'sensor-throws';

/** A fixture file of fixtures/throwing/, as its bytes. */
export const fixture = (name: string): Uint8Array =>
  readFileSync(new URL(`../../../fixtures/throwing/${name}`, import.meta.url));

/** What the import tests do as the import screen does: upload a file, read and change its preview, commit it. */
export function importLookups(t: TestContext) {
  async function upload(
    token: string,
    kind: ImportPath,
    logId: string,
    file: Uint8Array | string,
    name = 'session.csv',
  ) {
    const form = new FormData();
    const bytes = typeof file === 'string' ? new TextEncoder().encode(file) : file;
    form.set('file', new File([new Uint8Array(bytes)], name, { type: 'text/csv' }));
    form.set('logId', logId);
    const response = await t.app.request(`http://localhost/api/imports/${kind}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return {
      status: response.status,
      body: (await response.json()) as ImportPreviewResponse & ErrorBody,
    };
  }

  const get = (token: string, kind: ImportPath, importId: string) =>
    t.request<ImportPreviewResponse & ErrorBody>('GET', `/api/imports/${kind}/${importId}`, { token });

  const update = (token: string, kind: ImportPath, importId: string, body: unknown) =>
    t.request<ImportPreviewResponse & ErrorBody>('PATCH', `/api/imports/${kind}/${importId}`, {
      token,
      body,
    });

  const commit = (token: string, kind: ImportPath, importId: string, body: unknown = {}) =>
    t.request<CommitImportResponse & ErrorBody>('POST', `/api/imports/${kind}/${importId}/commit`, {
      token,
      body,
    });

  /** A completed workout log of the athlete with this email with no pitch or throw on it yet, oldest first. */
  async function logOf(email: string, index = 0): Promise<string> {
    const rows = await t.db
      .select({ id: workoutLogs.id })
      .from(workoutLogs)
      .innerJoin(users, eq(users.id, workoutLogs.athleteId))
      .where(
        and(
          eq(users.email, email),
          eq(workoutLogs.status, 'completed'),
          // The demo seeds pitches and throws on some logs, which ones by its weekday: an import starts from none.
          notExists(t.db.select({ id: pitches.id }).from(pitches).where(eq(pitches.logId, workoutLogs.id))),
          notExists(
            t.db
              .select({ id: sensorThrows.id })
              .from(sensorThrows)
              .where(eq(sensorThrows.logId, workoutLogs.id)),
          ),
        ),
      )
      .orderBy(asc(workoutLogs.date), asc(workoutLogs.id));
    const log = rows[index];
    if (!log) throw new Error(`${email} has no completed workout log number ${index + 1}`);
    return log.id;
  }

  /** What the database holds for a log: its pitches and throws, and the imports kept. */
  async function saved(logId: string) {
    const [logPitches, logThrows, imports] = await Promise.all([
      t.db.select().from(pitches).where(eq(pitches.logId, logId)).orderBy(asc(pitches.sequence)),
      t.db
        .select()
        .from(sensorThrows)
        .where(eq(sensorThrows.logId, logId))
        .orderBy(asc(sensorThrows.sequence)),
      t.db.select().from(throwImports).where(eq(throwImports.logId, logId)),
    ]);
    return { pitches: logPitches, throws: logThrows, imports };
  }

  return { upload, get, update, commit, logOf, saved };
}
