import Papa from 'papaparse';
import { pitchingLimits } from '../../contract/pitching';

/** A file refused as a whole (empty, not a CSV, too large): nothing of it is kept. */
export class ImportFileError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

const megabytes = pitchingLimits.importBytes / (1024 * 1024);
export const emptyFileMessage = 'The file is empty: export the session again and upload that file.';
export const notCsvMessage =
  'This is not a CSV file: it holds binary data (an image, a spreadsheet or a zip?). Export the session as CSV and upload that file.';
export const tooLargeMessage = `The file is larger than ${megabytes} MB: export one session at a time.`;
export const tooManyRowsMessage = (rows: number) =>
  `The file has ${rows.toLocaleString('en-US')} rows; an import takes at most ${pitchingLimits.importRows.toLocaleString('en-US')}. Export one session at a time.`;

/** Control characters other than tab, line feed and carriage return: text exports have next to none. */
const isControl = (code: number) =>
  (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;

/** The size limit of an importer's files, and what it tells the user when a file is refused. */
export interface CsvFileRules {
  maxBytes: number;
  emptyMessage: string;
  notCsvMessage: string;
  tooLargeMessage: string;
}

/** The pitch importer's: one session per file. */
export const pitchImportFileRules: CsvFileRules = {
  maxBytes: pitchingLimits.importBytes,
  emptyMessage: emptyFileMessage,
  notCsvMessage,
  tooLargeMessage,
};

/**
 * The file's text, checked by its content and not by its name: refused when empty, over the size limit, or
 * binary (a NUL byte, bytes that are not UTF-8, or more than 1 % control characters). The UTF-8 BOM some
 * spreadsheet programs write is removed.
 */
export function readCsvText(bytes: Uint8Array, rules: CsvFileRules = pitchImportFileRules): string {
  if (bytes.byteLength === 0) throw new ImportFileError(400, rules.emptyMessage);
  if (bytes.byteLength > rules.maxBytes) throw new ImportFileError(413, rules.tooLargeMessage);
  if (bytes.includes(0)) throw new ImportFileError(400, rules.notCsvMessage);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ImportFileError(400, rules.notCsvMessage);
  }
  let controls = 0;
  for (let index = 0; index < text.length; index += 1) if (isControl(text.charCodeAt(index))) controls += 1;
  if (controls > text.length / 100) throw new ImportFileError(400, rules.notCsvMessage);
  if (text.trim() === '') throw new ImportFileError(400, rules.emptyMessage);
  return text;
}

/** A row of the file with the line it starts on (1-based, counting every line of the file). */
export interface CsvRow {
  line: number;
  fields: string[];
}

export interface CsvTable {
  /** Non-blank rows only. */
  rows: CsvRow[];
  delimiter: string;
}

const isBlank = (fields: readonly string[]) => fields.every((field) => field.trim() === '');

/**
 * The rows of a CSV text, with `,`, `;` or tab found by Papa Parse, CRLF or LF, quoted fields. Blank lines are
 * left out but counted, so a row's line is the file's own (a quoted field with line breaks spans several).
 */
export function readCsvRows(text: string): CsvTable {
  const delimiter = guessDelimiter(text);
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false });
  const linebreak = parsed.meta.linebreak || '\n';
  const rows: CsvRow[] = [];
  let line = 1;
  for (const fields of parsed.data) {
    if (!isBlank(fields)) rows.push({ line, fields });
    line += 1;
    // A quoted field that holds line breaks: the next row starts that many lines further on.
    for (const field of fields) {
      if (field.length > 0 && field.includes(linebreak)) line += field.split(linebreak).length - 1;
    }
  }
  return { rows, delimiter };
}

const sampleLines = 50;

/**
 * Papa Parse's guess on the file's first lines without its blank ones: a blank line reads as a row of one field
 * whatever the delimiter, and would make "Type;Velo" + "Fastball;91,5" look like a comma file.
 */
function guessDelimiter(text: string): string {
  const sample = text
    .split(/\r\n|\n|\r/, sampleLines * 4)
    .filter((line) => line.trim() !== '')
    .slice(0, sampleLines)
    .join('\n');
  const guessed = Papa.parse<string[]>(sample, {
    delimiter: '',
    delimitersToGuess: [',', ';', '\t', '|'],
    skipEmptyLines: true,
  });
  return guessed.meta.delimiter || ',';
}
