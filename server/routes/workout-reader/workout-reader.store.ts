import { eq, isNull, sql } from 'drizzle-orm';
import { errorCodes } from '../../../contract/errors';
import type { WeightUnit } from '../../../contract/training-vocabulary';
import {
  commitProblems,
  programColumnFields,
  workoutReaderLimits,
  type CommitReaderResponse,
  type CommitReaderValues,
  type HistoryResult,
  type ProgramColumnField,
  type ReaderExerciseChoice,
  type ReaderPreview,
  type ReaderSource,
} from '../../../contract/workout-reader';
import { exercises, importMappings, workouts } from '../../db/schema';
import type { SignedInVariables } from '../../lib/context';
import { ApiError, invalidFields } from '../../lib/errors';
import type { TenantScope } from '../../lib/tenancy';
import { draftsOf, type LibraryExercise } from '../../workout-reader/draft';
import type { ReadProgram } from '../../workout-reader/read-program';
import { readProgramText } from '../../workout-reader/read-program';
import { readProgramSheets, type ProgramMapping, type SheetColumns } from '../../workout-reader/read-sheets';
import { recogniseLogExport, readLogExport, type ReadLogExport } from '../../workout-reader/read-log-export';
import { ReaderFileError, readSheets, type Sheet } from '../../workout-reader/sheets';
import { matchExercise, nameKey } from '../../workout-reader/match-exercises';
import { importHistory, measuresOfExport } from './history.store';
import { LibraryStore } from '../library/library.store';
import { ProgramStore } from '../schedule/programs.store';

/** The organisation's last column mapping of a program sheet is kept beside the pitch importers' (ADR 077). */
const mappingKind = 'workout_program' as const;
const problemsShown = 500;

export type ReaderInput =
  | { text: string; file?: undefined; mapping: ProgramMapping | null }
  | { text?: undefined; file: { name: string; bytes: Uint8Array }; mapping: ProgramMapping | null };

const tooLong = () => {
  const limit = workoutReaderLimits.textCharacters.toLocaleString('en-US');
  const message = `The text is longer than ${limit} characters: paste a few weeks at a time.`;
  return new ApiError(413, errorCodes.payloadTooLarge, message, { text: message });
};

const fileError = (error: ReaderFileError) =>
  new ApiError(
    error.status,
    error.status === 413 ? errorCodes.payloadTooLarge : errorCodes.validation,
    error.message,
    { file: error.message },
  );

/** A mapping sent as JSON: each field of a program sheet named, to a column's header or null. */
export function parseMapping(raw: string | undefined): ProgramMapping | null {
  if (raw === undefined || raw.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw invalidFields({ mapping: 'The mapping is not JSON: an object of field → column name' });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalidFields({ mapping: 'The mapping is an object of field → column name' });
  const mapping: ProgramMapping = {};
  for (const [field, column] of Object.entries(value)) {
    if (!(programColumnFields as readonly string[]).includes(field))
      throw invalidFields({
        [`mapping.${field}`]: `Not a field of a program sheet: use ${programColumnFields.join(', ')}`,
      });
    if (column !== null && (typeof column !== 'string' || column.length > 200))
      throw invalidFields({ [`mapping.${field}`]: 'Name a column of the header, or null' });
    mapping[field as keyof ProgramMapping] = column as string | null;
  }
  return mapping;
}

/** The workout reader (issue 28): reads a program into a review; saves a reviewed one in one transaction. */
export class WorkoutReaderStore {
  constructor(
    private readonly tenant: TenantScope,
    private readonly weightUnit: WeightUnit,
    private readonly locale: string,
    private readonly timeZone: string,
    private readonly userId: string,
  ) {}

  async preview(input: ReaderInput): Promise<ReaderPreview> {
    let source: ReaderSource = 'text';
    let read: ReadProgram;
    let sheetNames: string[] = [];
    let columns: SheetColumns | null = null;
    let mapping: Record<string, string | null> = {};
    let unmappedRequired: ProgramColumnField[] = [];
    if (input.file === undefined) {
      if (input.text.trim() === '')
        throw invalidFields({
          text: 'Paste your program first: a day per heading, an exercise and its sets per line',
        });
      if (input.text.length > workoutReaderLimits.textCharacters) throw tooLong();
      read = readProgramText(input.text, this.weightUnit);
    } else {
      let sheets;
      try {
        sheets = await readSheets(input.file.bytes, input.file.name);
      } catch (error) {
        if (error instanceof ReaderFileError) throw fileError(error);
        throw error;
      }
      source = sheets.source;
      sheetNames = sheets.source === 'xlsx' ? sheets.sheets.map((sheet) => sheet.name ?? '') : [];
      const logExport = this.logExportOf(sheets.sheets);
      if (logExport) return this.logPreview(logExport, source, input.file.name);
      const saved = input.mapping ?? (await this.savedMapping());
      let result = readProgramSheets(sheets.sheets, this.weightUnit, saved);
      // A saved mapping whose columns this file lacks gives way to the header's own names.
      if (!input.mapping && saved && result.unmappedRequired.length > 0)
        result = readProgramSheets(sheets.sheets, this.weightUnit, null);
      if (input.mapping && result.columns?.found) await this.saveMapping(result.mapping);
      read = result;
      columns = result.columns;
      mapping = result.mapping;
      unmappedRequired = result.unmappedRequired;
    }
    const drafts = draftsOf(read, await this.libraryExercises(), await this.takenWorkoutNames());
    const fieldOfColumn = new Map(
      Object.entries(mapping).flatMap(([field, column]) =>
        column === null ? [] : [[column, field] as const],
      ),
    );
    return {
      kind: 'program',
      log: null,
      source,
      fileName: input.file?.name ?? null,
      sheets: sheetNames,
      columns: (columns?.header ?? []).map((name, index) => ({
        name,
        field: fieldOfColumn.get(name) ?? null,
        samples: columns?.samples[index] ?? [],
      })),
      mapping,
      status: unmappedRequired.length > 0 ? 'needs_mapping' : 'ready',
      unmappedRequired,
      workouts: drafts.workouts,
      exercises: drafts.exercises,
      problems: read.problems.slice(0, problemsShown),
      problemCount: read.problems.length,
      hasDays: drafts.hasDays,
    };
  }

  /** A FitNotes or Strong export in the file's first sheet with rows, recognised by its header; else null. */
  private logExportOf(sheets: readonly Sheet[]): ReadLogExport | null {
    const rows = sheets.find((sheet) => sheet.rows.length > 0)?.rows ?? [];
    return rows[0] && recogniseLogExport(rows[0].cells) ? readLogExport(rows, this.weightUnit) : null;
  }

  /** The review of a log export: its sessions, and its exercise names matched to the library. */
  private async logPreview(
    read: ReadLogExport,
    source: ReaderSource,
    fileName: string,
  ): Promise<ReaderPreview> {
    const library = await this.libraryExercises();
    const byKey = new Map<string, { name: string; sets: ReadLogExport['sessions'][number]['sets'] }>();
    for (const set of read.sessions.flatMap((session) => session.sets)) {
      const key = nameKey(set.exercise);
      const entry = byKey.get(key) ?? { name: set.exercise, sets: [] };
      entry.sets.push(set);
      byKey.set(key, entry);
    }
    const newestFirst = [...read.sessions].reverse().slice(0, 100);
    return {
      kind: 'log',
      log: {
        format: read.format,
        weightUnit: read.weightUnit,
        sessionCount: read.sessions.length,
        setCount: read.sessions.reduce((sum, session) => sum + session.sets.length, 0),
        from: read.sessions[0]?.date ?? null,
        to: read.sessions.at(-1)?.date ?? null,
        sessions: newestFirst.map((session) => ({
          date: session.date,
          name: session.name,
          exercises: [...new Set(session.sets.map((set) => set.exercise))],
          setCount: session.sets.length,
        })),
      },
      source,
      fileName,
      sheets: [],
      columns: [],
      mapping: {},
      status: 'ready',
      unmappedRequired: [],
      workouts: [],
      exercises: [...byKey].map(([key, { name, sets }]) => ({
        key,
        name,
        uses: sets.length,
        ...matchExercise(name, library),
        measures: measuresOfExport(sets),
      })),
      problems: read.problems.slice(0, problemsShown),
      problemCount: read.problems.length,
      hasDays: false,
    };
  }

  /** An athlete's log export added as history (see importHistory); without `confirm`, what it would add. */
  async history(input: {
    file: { name: string; bytes: Uint8Array };
    athleteId: string;
    choices: ReaderExerciseChoice[];
    confirm: boolean;
  }): Promise<HistoryResult['data']> {
    let sheets;
    try {
      sheets = await readSheets(input.file.bytes, input.file.name);
    } catch (error) {
      if (error instanceof ReaderFileError) throw fileError(error);
      throw error;
    }
    const read = this.logExportOf(sheets.sheets);
    if (!read)
      throw invalidFields({
        file: 'This is not a FitNotes or Strong export: export the log from the app as CSV and upload that file',
      });
    return importHistory(
      { tenant: this.tenant, weightUnit: this.weightUnit, timeZone: this.timeZone, userId: this.userId },
      read,
      input,
    );
  }

  /**
   * Saves the reviewed workouts (and the new exercises, and the program) in one transaction: any refusal leaves
   * the library as it was. Fields are named by their path in the request.
   */
  async commit(values: CommitReaderValues): Promise<CommitReaderResponse['data']> {
    this.ensureComplete(values);
    return this.tenant.transaction(async (scope) => {
      const library = new LibraryStore(scope, this.weightUnit);
      const idOfKey = new Map<string, string>();
      const createdExercises: { id: string; name: string }[] = [];
      for (const [index, choice] of values.exercises.entries()) {
        if ('exerciseId' in choice) {
          idOfKey.set(choice.key, choice.exerciseId);
          continue;
        }
        const created = await prefixed(`exercises.${index}.create.`, () =>
          library.createExercise({ ...choice.create, unilateral: false }),
        );
        idOfKey.set(choice.key, created.id);
        createdExercises.push({ id: created.id, name: created.name });
      }
      const saved: { id: string; name: string; day: number | null }[] = [];
      for (const [index, workout] of values.workouts.entries()) {
        const created = await prefixed(`workouts.${index}.`, () =>
          library.createWorkout(
            {
              name: workout.name,
              category: workout.category,
              notes: workout.notes,
              blocks: workout.blocks.map((block) => ({
                label: block.label,
                rounds: 1,
                restSeconds: null,
                exercises: block.exercises.map((exercise) => ({
                  exerciseId: idOfKey.get(exercise.key)!,
                  notes: exercise.notes,
                  sets: exercise.sets,
                })),
              })),
            },
            this.userId,
          ),
        );
        saved.push({ id: created.id, name: created.name, day: workout.day });
      }
      let program: { id: string; name: string } | null = null;
      if (values.saveAs === 'program') {
        const programs = new ProgramStore(scope, this.weightUnit, this.locale);
        const created = await prefixed('program', () =>
          programs.create(
            {
              name: values.programName!,
              description: null,
              workouts: saved.map((workout) => ({ day: workout.day!, workoutId: workout.id })),
              progression: null,
            },
            this.userId,
          ),
        );
        program = { id: created.id, name: created.name };
      }
      return { workouts: saved.map(({ id, name }) => ({ id, name })), program, createdExercises };
    });
  }

  /** Every exercise name has a choice, a program has a name and its workouts their days (the contract's rules). */
  private ensureComplete(values: CommitReaderValues) {
    const fields = commitProblems(values);
    if (Object.keys(fields).length > 0) throw invalidFields(fields);
  }

  private async libraryExercises(): Promise<LibraryExercise[]> {
    return this.tenant.selectFields(
      exercises,
      { id: exercises.id, name: exercises.name, category: exercises.category },
      { where: isNull(exercises.archivedAt) },
    );
  }

  private async takenWorkoutNames(): Promise<Set<string>> {
    const rows = await this.tenant.selectFields(workouts, { name: sql<string>`lower(${workouts.name})` });
    return new Set(rows.map((row) => row.name));
  }

  private async savedMapping(): Promise<ProgramMapping | null> {
    const row = await this.tenant.first(importMappings, eq(importMappings.kind, mappingKind));
    return (row?.mapping as ProgramMapping | undefined) ?? null;
  }

  private async saveMapping(mapping: Record<string, string | null>) {
    await this.tenant.upsert(
      importMappings,
      { kind: mappingKind, mapping, updatedBy: this.userId, updatedAt: new Date() },
      {
        target: [importMappings.organizationId, importMappings.kind],
        set: { mapping, updatedBy: this.userId, updatedAt: new Date() },
      },
    );
  }
}

/** A refusal of one part of the commit, its fields named by their place in the whole request. */
async function prefixed<T>(prefix: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError && error.fields && error.status === 400) {
      const fields = Object.fromEntries(
        Object.entries(error.fields).map(([field, message]) => [
          prefix.endsWith('.')
            ? `${prefix}${field}`
            : field === 'name'
              ? `${prefix}Name`
              : `${prefix}.${field}`,
          message,
        ]),
      );
      throw invalidFields(fields);
    }
    throw error;
  }
}

export const workoutReaderOf = (c: { var: Pick<SignedInVariables, 'tenant' | 'viewer'> }) =>
  new WorkoutReaderStore(
    c.var.tenant,
    c.var.viewer.organization.weightUnit,
    c.var.viewer.organization.locale,
    c.var.viewer.organization.timeZone,
    c.var.viewer.user.id,
  );
