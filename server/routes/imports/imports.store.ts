import { recordWorkoutLogChange } from '../../lib/live-events/change-events';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { errorCodes } from '../../../contract/errors';
import {
  importFieldLabels,
  pitchingLimits,
  type CommitImportResponse,
  type ImportKind,
  type ImportMapping,
  type ImportPreview,
  type PitchValues,
  type SensorThrowValues,
  type UpdateImportRequest,
} from '../../../contract/pitching';
import { importMappings, pitches, sensorThrows, throwImports, users, workoutLogs } from '../../db/schema';
import { ImportFileError, readCsvText } from '../../imports/csv-file';
import { importFields, parseImport, type ParsedImport } from '../../imports/parse-import';
import type { SignedInVariables } from '../../lib/context';
import type { Viewer } from '../../lib/directory/sessions';
import { ApiError, invalidFields, notFound } from '../../lib/errors';
import {
  linkThrowsToPitches,
  pitchIdsByNumber,
  pitchRow,
  sensorThrowRow,
  withUniqueSequences,
} from '../../lib/pitching-rows';
import type { TenantScope } from '../../lib/tenancy';

type ImportRow = typeof throwImports.$inferSelect;
type LogRow = typeof workoutLogs.$inferSelect;

/** What a preview shows of a file's rows and errors; the counts cover them all. */
export const previewLimits = { rows: 200, errors: 500, errorsInRefusal: 20 } as const;
/** An upload never committed is kept this long for its preview. */
const uncommittedHours = 24;

const noWorkout = () =>
  notFound(
    'There is no such workout log in your organisation (athletes import into their own workouts only).',
  );
const noImport = () => notFound('There is no such import: upload the file again.');
const conflict = (message: string) => new ApiError(409, errorCodes.conflict, message);
const unprocessable = (message: string, fields?: Record<string, string>) =>
  new ApiError(422, errorCodes.validation, message, fields);

/** A file refused as a whole, named as the upload's `file` field. */
const fileError = (error: ImportFileError) =>
  new ApiError(
    error.status,
    error.status === 413 ? errorCodes.payloadTooLarge : errorCodes.validation,
    error.message,
    { file: error.message },
  );

/** Runs the parser, answering a refused file as the API does. */
function parsed(run: () => ParsedImport): ParsedImport {
  try {
    return run();
  } catch (error) {
    if (error instanceof ImportFileError) throw fileError(error);
    throw error;
  }
}

/**
 * The files parsed last, by import and the choices they were parsed with: a commit right after its preview does
 * not read 20,000 rows again. Only a shortcut (another server process parses the stored text again), and looked
 * up only after the import was found in the viewer's organisation.
 */
const recentlyParsed = new Map<string, ParsedImport>();
const keptParses = 4;
const parseKey = (row: Pick<ImportRow, 'id' | 'mapping' | 'pitcher'>, timeZone: string) =>
  JSON.stringify([row.id, row.mapping, row.pitcher, timeZone]);
function rememberParse(key: string, result: ParsedImport) {
  recentlyParsed.delete(key);
  recentlyParsed.set(key, result);
  for (const oldest of recentlyParsed.keys()) {
    if (recentlyParsed.size <= keptParses) break;
    recentlyParsed.delete(oldest);
  }
}

const kindWords: Record<ImportKind, { one: string; many: string }> = {
  pitches: { one: 'pitch', many: 'pitches' },
  sensor_throws: { one: 'throw', many: 'throws' },
};

/** Imports of pitches and sensor throws (issue 16), through the organisation's TenantScope only. */
export class ImportStore {
  constructor(
    private readonly tenant: TenantScope,
    private readonly viewer: Pick<Viewer, 'user' | 'organization'>,
  ) {}

  /** A log of the organisation the viewer may import into: an athlete's own only (another's is not found). */
  private async logFor(logId: string): Promise<LogRow> {
    const log = await this.tenant.first(workoutLogs, eq(workoutLogs.id, logId));
    if (!log) throw noWorkout();
    if (this.viewer.user.role === 'athlete' && log.athleteId !== this.viewer.user.id) throw noWorkout();
    return log;
  }

  private async importFor(kind: ImportKind, importId: string): Promise<{ row: ImportRow; log: LogRow }> {
    const row = await this.tenant.first(
      throwImports,
      and(eq(throwImports.id, importId), eq(throwImports.kind, kind))!,
    );
    if (!row) throw noImport();
    const log = await this.tenant.first(workoutLogs, eq(workoutLogs.id, row.logId));
    if (!log || (this.viewer.user.role === 'athlete' && log.athleteId !== this.viewer.user.id))
      throw noImport();
    return { row, log };
  }

  private async athleteOf(log: LogRow) {
    const [athlete] = await this.tenant.selectFields(
      users,
      {
        firstName: users.firstName,
        lastName: users.lastName,
        heightInches: users.heightInches,
        weightPounds: users.weightPounds,
      },
      { where: eq(users.id, log.athleteId), limit: 1 },
    );
    return athlete;
  }

  private async parse(
    kind: ImportKind,
    log: LogRow,
    content: string,
    choices: { mapping?: ImportMapping | null; pitcher?: string | null },
  ): Promise<ParsedImport> {
    const athlete = await this.athleteOf(log);
    const saved = choices.mapping ? undefined : await this.savedMapping(kind);
    return parsed(() =>
      parseImport({
        kind,
        content,
        mapping: choices.mapping,
        savedMapping: saved,
        pitcher: choices.pitcher,
        workout: { date: log.date, timeZone: this.viewer.organization.timeZone },
        athlete,
      }),
    );
  }

  /** The stored file parsed with its import's mapping and pitcher, or the same parse made a moment ago. */
  private async parseStored(row: ImportRow, log: LogRow): Promise<ParsedImport> {
    const key = parseKey(row, this.viewer.organization.timeZone);
    const remembered = recentlyParsed.get(key);
    if (remembered) return remembered;
    const result = await this.parse(row.kind, log, row.content, row);
    rememberParse(key, result);
    return result;
  }

  private async savedMapping(kind: ImportKind): Promise<ImportMapping | null> {
    const saved = await this.tenant.first(importMappings, eq(importMappings.kind, kind));
    return saved?.mapping ?? null;
  }

  private async existingCount(kind: ImportKind, logId: string): Promise<number> {
    const table = kind === 'pitches' ? pitches : sensorThrows;
    return this.tenant.count(table, eq(table.logId, logId));
  }

  private async preview(row: ImportRow, result: ParsedImport): Promise<ImportPreview> {
    return {
      id: row.id,
      kind: row.kind,
      logId: row.logId,
      fileName: row.fileName,
      format: result.format,
      status: row.committedAt ? 'committed' : result.status,
      columns: result.columns,
      mapping: result.mapping,
      unmappedRequired: result.unmappedRequired,
      rowCount: result.rowCount,
      validCount: result.values.length,
      rows: result.values.slice(0, previewLimits.rows),
      errors: result.errors.slice(0, previewLimits.errors),
      errorCount: result.errors.length,
      pitchers: result.pitchers,
      pitcher: result.pitcher,
      existingCount: await this.existingCount(row.kind, row.logId),
      mismatches: result.mismatches,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** Reads and parses the file; only a file that parses as a whole is kept (its rows may still have errors). */
  async upload(
    kind: ImportKind,
    logId: string,
    file: { name: string; bytes: Uint8Array },
  ): Promise<ImportPreview> {
    const log = await this.logFor(logId);
    let content: string;
    try {
      content = readCsvText(file.bytes);
    } catch (error) {
      if (error instanceof ImportFileError) throw fileError(error);
      throw error;
    }
    const result = await this.parse(kind, log, content, {});
    const dayAgo = new Date(Date.now() - uncommittedHours * 3600_000);
    await this.tenant.delete(
      throwImports,
      and(isNull(throwImports.committedAt), lt(throwImports.createdAt, dayAgo))!,
    );
    const [row] = await this.tenant.insert(throwImports, {
      id: uuidv7(),
      kind,
      logId: log.id,
      uploadedBy: this.viewer.user.id,
      fileName: file.name.slice(0, 200) || 'upload.csv',
      format: result.format,
      content,
      mapping: result.mapping,
      pitcher: result.pitcher,
    });
    rememberParse(parseKey(row!, this.viewer.organization.timeZone), result);
    return this.preview(row!, result);
  }

  async get(kind: ImportKind, importId: string): Promise<ImportPreview> {
    const { row, log } = await this.importFor(kind, importId);
    return this.preview(row, await this.parseStored(row, log));
  }

  /** A new mapping or pitcher: checked against the file, kept on the import and, for a mapped file, for the organisation. */
  async update(kind: ImportKind, importId: string, request: UpdateImportRequest): Promise<ImportPreview> {
    const { row, log } = await this.importFor(kind, importId);
    if (row.committedAt)
      throw conflict('This import is already committed: upload the file again to change it.');
    const current = await this.parseStored(row, log);
    const header = current.columns.map((column) => column.name);
    const problems: Record<string, string> = {};
    for (const [field, column] of Object.entries(request.mapping ?? {})) {
      if (!importFields[kind].includes(field)) {
        problems[`mapping.${field}`] =
          `Not a field of ${kindWords[kind].many}: use one of ${importFields[kind].join(', ')}`;
      } else if (column !== null && !header.includes(column)) {
        problems[`mapping.${field}`] =
          `The file has no column "${column}" for ${importFieldLabels[field] ?? field}`;
      }
    }
    const pitcher = request.pitcher === undefined ? row.pitcher : request.pitcher;
    if (request.pitcher && !current.pitchers.includes(request.pitcher)) {
      problems.pitcher = `The file has no pitcher "${request.pitcher}"`;
    }
    if (Object.keys(problems).length > 0) throw invalidFields(problems);

    const mapping = { ...current.mapping, ...request.mapping };
    const result = await this.parse(kind, log, row.content, { mapping, pitcher });
    const [updated] = await this.tenant.update(
      throwImports,
      { mapping: result.mapping, pitcher: result.pitcher },
      eq(throwImports.id, row.id),
    );
    // A vendor's file keeps its vendor's columns; the organisation's mapping is for its other files.
    if (request.mapping && result.format === 'mapped') {
      const saved = { kind, mapping: result.mapping, updatedBy: this.viewer.user.id, updatedAt: new Date() };
      await this.tenant.upsert(importMappings, saved, {
        target: [importMappings.organizationId, importMappings.kind],
        set: saved,
      });
    }
    if (updated) rememberParse(parseKey(updated, this.viewer.organization.timeZone), result);
    return this.preview(updated ?? row, result);
  }

  /**
   * The file's rows replace the workout's pitches (or throws) in one transaction, or nothing changes: a file with
   * a row that does not parse saves nothing unless the caller chose to leave such rows out.
   */
  async commit(
    kind: ImportKind,
    importId: string,
    { skipInvalidRows, confirmMismatch }: { skipInvalidRows: boolean; confirmMismatch: boolean },
  ): Promise<CommitImportResponse> {
    const { row, log } = await this.importFor(kind, importId);
    if (row.committedAt) throw conflict('This import is already committed.');
    const result = await this.parseStored(row, log);
    const words = kindWords[kind];
    if (result.unmappedRequired.length > 0) {
      const fields = Object.fromEntries(
        result.unmappedRequired.map((field) => [
          `mapping.${field}`,
          `Choose the column of ${importFieldLabels[field] ?? field}`,
        ]),
      );
      throw unprocessable('Choose the columns of the required fields before importing.', fields);
    }
    if (result.status === 'needs_mapping') {
      throw unprocessable(
        `The file holds several pitchers (${result.pitchers.join('; ')}): choose the athlete's.`,
        {
          pitcher: 'Choose the pitcher whose pitches to import',
        },
      );
    }
    if (result.errors.length > 0 && !skipInvalidRows) {
      const [first] = result.errors;
      const fields = Object.fromEntries(
        result.errors
          .slice(0, previewLimits.errorsInRefusal)
          .map((error) => [`line ${error.line}`, error.message]),
      );
      throw unprocessable(
        `${result.errors.length} of ${result.rowCount} rows cannot be read (the first, line ${first!.line}: ${first!.message}). ` +
          'Nothing was saved: fix the file, or import only the rows that can be read.',
        fields,
      );
    }
    if (result.values.length === 0) {
      throw unprocessable(`The file has no ${words.one} to import: nothing was saved.`);
    }
    // The commit replaces the workout's rows, so the file's rows are what it will hold (issue 22).
    if (result.values.length > pitchingLimits.perWorkout) {
      const most = pitchingLimits.perWorkout.toLocaleString('en-US');
      throw unprocessable(
        `The file has ${result.values.length.toLocaleString('en-US')} ${words.many} to import, and a workout holds at most ${most}: nothing was saved. ` +
          (kind === 'pitches' && result.pitchers.length > 1
            ? 'Choose the pitcher whose pitches to import, or split the file by session.'
            : 'Split the file by session.'),
      );
    }
    // Another player's file or another day's goes in only on purpose (issue 23): Pitch Smart counts by this day.
    // Asked last, so a file refused anyway is not first confirmed.
    if (result.mismatches.length > 0 && !confirmMismatch) {
      throw new ApiError(
        409,
        errorCodes.conflict,
        `${result.mismatches.map((mismatch) => mismatch.message).join(' ')} Nothing was saved: import it anyway only if it is this workout's.`,
        { confirmMismatch: 'Confirm that this file belongs to this workout' },
      );
    }
    const origin = { source: result.format, importId: row.id, createdBy: this.viewer.user.id };
    const athlete = kind === 'sensor_throws' ? await this.athleteOf(log) : undefined;
    const replaced = await this.tenant.transaction(async (scope) => {
      // After the pitching routes' writers of this log (they lock it too): the limit and the numbers hold.
      await scope.lock(workoutLogs, eq(workoutLogs.id, log.id));
      // Committed once: the second of two concurrent commits finds it taken and changes nothing.
      const [taken] = await scope.update(
        throwImports,
        { committedAt: new Date() },
        and(eq(throwImports.id, row.id), isNull(throwImports.committedAt))!,
      );
      if (!taken) throw conflict('This import is already committed.');
      if (kind === 'pitches') {
        const removed = await scope.deleteCount(pitches, eq(pitches.logId, log.id));
        // A file that numbers two pitches alike (a mapped column) keeps the first under it, as two devices do.
        await scope.insertMany(
          pitches,
          withUniqueSequences(result.values as PitchValues[]).map((values) =>
            pitchRow(uuidv7(), log, values, origin),
          ),
        );
        // The throws already there lost their pitches with the delete: they get the new ones of their numbers.
        await linkThrowsToPitches(scope, log.id);
        await recordWorkoutLogChange(scope, log, { kind: 'pitches' });
        return removed;
      }
      const measures = {
        heightInches: athlete?.heightInches ?? null,
        weightPounds: athlete?.weightPounds ?? null,
      };
      const removed = await scope.deleteCount(sensorThrows, eq(sensorThrows.logId, log.id));
      const pitchOf = await pitchIdsByNumber(scope, log.id);
      await scope.insertMany(
        sensorThrows,
        (result.values as SensorThrowValues[]).map((values) =>
          sensorThrowRow(uuidv7(), log, values, measures, origin, pitchOf.get(values.sequence) ?? null),
        ),
      );
      await recordWorkoutLogChange(scope, log, { kind: 'pitches' });
      return removed;
    });
    return { imported: result.values.length, replaced, skipped: result.errors.length, logId: log.id };
  }
}

export const importsOf = (c: { var: Pick<SignedInVariables, 'tenant' | 'viewer'> }) =>
  new ImportStore(c.var.tenant, c.var.viewer);
