import type { ImportPreview } from '@contract/pitching';
import { importFieldLabels } from '@contract/pitching';
import type { ThrowImportKind } from './import-search';

/* The words of the import screen: what is imported, what the file was read as, and the counts. */

const nouns: Record<ThrowImportKind, { one: string; many: string }> = {
  pitches: { one: 'pitch', many: 'pitches' },
  'sensor-throws': { one: 'throw', many: 'throws' },
};

/** "1 pitch", "40 pitches", "12 throws". */
export const countOf = (kind: ThrowImportKind, count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? nouns[kind].one : nouns[kind].many}`;

/** "1 row", "2 rows". */
export const rowsOf = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`;

export const importTitles: Record<ThrowImportKind, string> = {
  pitches: 'Import pitches',
  'sensor-throws': 'Import arm-sensor throws',
};

export const acceptedFiles: Record<ThrowImportKind, string> = {
  pitches: 'Rapsodo or TrackMan pitching exports, or any CSV; up to 5 MB and 20,000 rows.',
  'sensor-throws': 'A CSV export of your arm sensor; up to 5 MB and 20,000 rows.',
};

/** What the server read the file as: a device it knows, or columns the organisation chose (or has to). */
export function formatLabel(preview: Pick<ImportPreview, 'format' | 'status'>): string {
  if (preview.format === 'rapsodo') return 'Rapsodo pitching export';
  if (preview.format === 'trackman') return 'TrackMan export';
  return preview.status === 'needs_mapping' ? 'Choose the columns' : 'Your organisation’s mapping';
}

/** "42 rows: 40 ready, 2 with problems", or "12 rows, all ready". */
export function countsLine(
  preview: Pick<ImportPreview, 'rowCount' | 'validCount' | 'errorCount' | 'status'>,
): string {
  const { rowCount, validCount, errorCount } = preview;
  // Until the columns are chosen no row is read: only how many there are is known.
  if (preview.status === 'needs_mapping') return `${rowsOf(rowCount)} in the file`;
  if (errorCount === 0) return rowCount === 1 ? '1 row, ready' : `${rowsOf(rowCount)}, all ready`;
  return `${rowsOf(rowCount)}: ${validCount.toLocaleString('en-US')} ready, ${errorCount.toLocaleString('en-US')} with problems`;
}

/** The field a column fills, as the select names it; a sensor's throws are numbered as throws, not pitches. */
export const fieldLabel = (kind: ThrowImportKind, field: string) =>
  kind === 'sensor-throws' && field === 'sequence' ? 'Throw number' : (importFieldLabels[field] ?? field);
