import { inflateRawSync } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import { strFromU8, Unzip, zipSync, type AsyncFlateStreamHandler, type UnzipDecoder } from 'fflate';
import readXlsxFile from 'read-excel-file/universal';
import { workoutReaderLimits } from '../../contract/workout-reader';
import { ImportFileError, readCsvRows, readCsvText, type CsvFileRules } from '../imports/csv-file';
import { typeSniffBytes } from '../lib/uploads/attachment-type';

/** A file refused as a whole; its message is shown to the coach as it is. */
export class ReaderFileError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

export interface SheetRow {
  /** The row's number in the sheet (1-based); a CSV's is the file's line. */
  line: number;
  cells: string[];
}

export interface Sheet {
  /** The sheet's name in the workbook; null for a CSV. */
  name: string | null;
  /** Blank rows are left out. */
  rows: SheetRow[];
}

export interface ReadSheets {
  source: 'csv' | 'xlsx';
  sheets: Sheet[];
}

const megabyte = 1024 * 1024;
/** What a workbook's XML parts (sheets, shared strings, styles) may unpack to: a zip bomb stops here. */
const unpackedBytesMax = 40 * megabyte;
/**
 * Cells the sheets may span, blank ones inside included: read-excel-file fills every row up to the widest, so a
 * one-cell sheet whose cell sits at XFD1048576 would otherwise grow to 17 billion cells.
 */
const spannedCellsMax = workoutReaderLimits.workbookRows * 50;
/** The longest text, tag or comment in a part (see `longestXmlToken`); a cell holds at most 32,767 characters. */
const xmlTokenMax = 256 * 1024;

const count = (value: number) => value.toLocaleString('en-US');
const megabytes = (bytes: number) => `${count(bytes / megabyte)} MB`;
const quoted = (fileName: string) => {
  const name = fileName.trim().slice(0, 120);
  return name === '' ? 'This file' : `"${name}"`;
};
const saveAs = 'Save the program as .xlsx or CSV and upload that file.';

const messages = {
  empty: 'The file is empty: save the program again and upload that file.',
  tooLarge: `The file is larger than ${megabytes(workoutReaderLimits.fileBytes)}: the reader takes at most ${megabytes(workoutReaderLimits.fileBytes)}. Remove pictures, or split the program into files of a few weeks each, and upload them one at a time.`,
  notText: 'The file is neither an Excel workbook (.xlsx) nor a CSV text file.',
  xls: 'This is an old Excel file (.xls): save it as .xlsx or CSV and upload that.',
  encrypted:
    'This workbook is protected with a password: remove the password in your spreadsheet program, save it as .xlsx and upload that file.',
  ods: 'This is an OpenDocument spreadsheet (.ods): save it as .xlsx or CSV and upload that.',
  numbers: 'This is an Apple Numbers file: export it as Excel (.xlsx) or CSV and upload that.',
  binary: (fileName: string, what: string) =>
    `${quoted(fileName)} is not a spreadsheet: it holds ${what}. ${saveAs}`,
  damaged: (fileName: string) =>
    `${quoted(fileName)} looks like an Excel workbook but could not be read: it may be damaged. Open it in your spreadsheet program, save it again as .xlsx (or CSV) and upload that file.`,
  unpackedTooLarge: `The workbook's sheets hold more than ${megabytes(unpackedBytesMax)} of data; the reader takes at most ${megabytes(unpackedBytesMax)}. Delete the sheets that are not part of the program (or save the program as CSV) and upload again.`,
  tooWide: (row: number, column: number) =>
    `A sheet of the workbook reaches down to row ${count(row)} and across to column ${columnName(column)}, empty cells included; the reader takes at most ${count(spannedCellsMax)} cells. Delete the empty rows below the program and the columns to its right (or copy the program into a new workbook), save, and upload again.`,
  tokenTooLong: `A cell of the workbook holds more than ${count(xmlTokenMax / 1024)} KB of text, more than a spreadsheet cell can hold; the reader takes at most ${count(xmlTokenMax / 1024)} KB. Shorten it (or save the program again as .xlsx or CSV) and upload again.`,
  tooManySheets: (sheets: number) =>
    `The workbook has ${count(sheets)} sheets; the reader takes at most ${count(workoutReaderLimits.sheets)}. Move some sheets into a second workbook and upload each workbook on its own.`,
  tooManyRows: (source: ReadSheets['source'], rows: number) =>
    source === 'csv'
      ? `The file has ${count(rows)} rows; the reader takes at most ${count(workoutReaderLimits.rows)}. Split it into files of a few weeks or months each and upload them one at a time.`
      : `The workbook has ${count(rows)} rows (all sheets together); the reader takes at most ${count(workoutReaderLimits.workbookRows)}. Split the program into workbooks of a few weeks each and upload them one at a time.`,
};

const csvRules: CsvFileRules = {
  maxBytes: workoutReaderLimits.fileBytes,
  emptyMessage: messages.empty,
  notCsvMessage: messages.notText,
  tooLargeMessage: messages.tooLarge,
};

const startsWith = (bytes: Uint8Array, magic: readonly number[]) =>
  magic.every((byte, at) => bytes[at] === byte);
const zipMagic = [0x50, 0x4b, 0x03, 0x04];
const emptyZipMagic = [0x50, 0x4b, 0x05, 0x06];
/** An OLE compound file: an .xls, or an .xlsx encrypted with a password (Excel wraps those in OLE). */
const oleMagic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * A coach's uploaded program as sheets of text rows. The format is told by the content, never by the name (used
 * only in messages): a zip holding `xl/workbook.xml` is a workbook, other binary files are refused, text is CSV.
 */
export async function readSheets(bytes: Uint8Array, fileName: string): Promise<ReadSheets> {
  if (bytes.byteLength === 0) throw new ReaderFileError(400, messages.empty);
  if (bytes.byteLength > workoutReaderLimits.fileBytes) throw new ReaderFileError(413, messages.tooLarge);
  if (startsWith(bytes, oleMagic)) {
    const encrypted = Buffer.from(bytes).includes(Buffer.from('EncryptedPackage', 'utf16le'));
    throw new ReaderFileError(400, encrypted ? messages.encrypted : messages.xls);
  }
  if (startsWith(bytes, zipMagic)) return readWorkbook(bytes, fileName);
  if (startsWith(bytes, emptyZipMagic))
    throw new ReaderFileError(400, messages.binary(fileName, 'an empty zip archive'));
  return readCsv(bytes, fileName);
}

async function readCsv(bytes: Uint8Array, fileName: string): Promise<ReadSheets> {
  let text: string;
  try {
    text = readCsvText(bytes, csvRules);
  } catch (error) {
    if (!(error instanceof ImportFileError)) throw error;
    // Refused as binary (with our own message): say what it holds instead.
    if (error.message !== messages.notText) throw new ReaderFileError(error.status, error.message);
    throw new ReaderFileError(400, messages.binary(fileName, await describeBinary(bytes)));
  }
  const rows = readCsvRows(text).rows.map(({ line, fields }) => ({ line, cells: fields }));
  if (rows.length > workoutReaderLimits.rows)
    throw new ReaderFileError(413, messages.tooManyRows('csv', rows.length));
  return { source: 'csv', sheets: [{ name: null, rows }] };
}

/** What a binary file that is not a workbook holds, for the message ("an image (PNG)"). */
async function describeBinary(bytes: Uint8Array): Promise<string> {
  const found = await fileTypeFromBuffer(bytes.subarray(0, typeSniffBytes));
  if (!found) return 'binary data, not text';
  const format = found.ext.toUpperCase();
  if (found.mime.startsWith('image/')) return `an image (${format})`;
  if (found.mime.startsWith('video/')) return `a video (${format})`;
  if (found.mime.startsWith('audio/')) return `a sound recording (${format})`;
  if (found.mime === 'application/pdf') return 'a PDF document';
  return `a ${format} file`;
}

async function readWorkbook(bytes: Uint8Array, fileName: string): Promise<ReadSheets> {
  const { parts, names } = unpackWorkbookParts(bytes, fileName);
  const workbook = parts.get('xl/workbook.xml');
  if (!workbook) {
    // A workbook cut short (an upload broken off) names the part but never finishes it.
    if (names.includes('xl/workbook.xml')) throw new ReaderFileError(400, messages.damaged(fileName));
    throw new ReaderFileError(400, notWorkbookMessage(parts, names, fileName));
  }

  const sheetCount = strFromU8(workbook).match(/<(?:[\w.-]+:)?sheet[\s/>]/g)?.length ?? 0;
  if (sheetCount > workoutReaderLimits.sheets)
    throw new ReaderFileError(413, messages.tooManySheets(sheetCount));
  checkParts(parts, fileName);

  // The parts again as a stored zip, nothing left to inflate: read-excel-file would trust the sizes a zip's headers
  // claim. Its universal build reads a zip in memory (its Node build streams one, ten times slower).
  const clean = new Uint8Array(zipSync(Object.fromEntries(parts), { level: 0 }));
  let read: Awaited<ReturnType<typeof readXlsxFile>>;
  try {
    read = await readXlsxFile(clean.buffer);
  } catch {
    // Anything the parser trips on is a file it could not read: the coach can save it again.
    throw new ReaderFileError(400, messages.damaged(fileName));
  }

  let rowCount = 0;
  const sheets = read.map(({ sheet, data }): Sheet => {
    const rows: SheetRow[] = [];
    // A chart sheet has no cells: its data is undefined, whatever the types say.
    for (const [index, values] of ((data as typeof data | undefined) ?? []).entries()) {
      const cells = values.map(cellText);
      if (cells.some((cell) => cell.trim() !== '')) rows.push({ line: index + 1, cells });
    }
    rowCount += rows.length;
    return { name: sheet, rows };
  });
  if (rowCount > workoutReaderLimits.workbookRows)
    throw new ReaderFileError(413, messages.tooManyRows('xlsx', rowCount));
  return { source: 'xlsx', sheets };
}

/** The parts read-excel-file reads (XML and relationships), and `mimetype`, which names an OpenDocument file. */
const isWorkbookPart = (name: string) =>
  name.endsWith('.xml') || name.endsWith('.rels') || name === 'mimetype';

/**
 * The zip's XML parts, with the bytes they really unpack to counted (not the sizes the headers claim, which a zip
 * bomb lies about): Node's zlib inflates each part told to stop past what is left of the bound, so a bomb costs a
 * few milliseconds. fflate walks the zip. Macros (vbaProject.bin), pictures and the rest are never unpacked.
 */
function unpackWorkbookParts(bytes: Uint8Array, fileName: string) {
  const parts = new Map<string, Uint8Array>();
  const names: string[] = [];
  let unpacked = 0;
  let tooLarge = false;
  let failed = false;

  class BoundedInflate implements UnzipDecoder {
    static readonly compression = 8;
    ondata: AsyncFlateStreamHandler = () => undefined;
    readonly #packed: Uint8Array[] = [];

    push(chunk: Uint8Array, final: boolean): void {
      this.#packed.push(chunk);
      if (!final) return;
      let inflated: Buffer;
      try {
        const maxOutputLength = Math.max(unpackedBytesMax - unpacked, 1);
        inflated = inflateRawSync(Buffer.concat(this.#packed), { maxOutputLength });
      } catch (error) {
        if (error instanceof RangeError) tooLarge = true;
        failed = true;
        return;
      }
      // zlib's output is a Buffer over a plain ArrayBuffer (never a shared one), as fflate's type wants.
      this.ondata(null, inflated as Uint8Array<ArrayBuffer>, true);
    }
  }

  const unzip = new Unzip((file) => {
    names.push(file.name);
    if (!isWorkbookPart(file.name)) return;
    const chunks: Uint8Array[] = [];
    file.ondata = (error, chunk, final) => {
      if (error) failed = true;
      if (failed) return;
      unpacked += chunk.byteLength;
      if (unpacked > unpackedBytesMax) tooLarge = true;
      chunks.push(chunk);
      if (final) parts.set(file.name, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    };
    file.start();
  });
  unzip.register(BoundedInflate);
  try {
    unzip.push(bytes, true);
  } catch {
    failed = true;
  }
  if (tooLarge) throw new ReaderFileError(413, messages.unpackedTooLarge);
  if (failed) throw new ReaderFileError(400, messages.damaged(fileName));
  return { parts, names };
}

/** Why a zip without a workbook is refused: other office files get their own advice. */
function notWorkbookMessage(
  parts: Map<string, Uint8Array>,
  names: readonly string[],
  fileName: string,
): string {
  const mimetype = parts.get('mimetype');
  if (mimetype && strFromU8(mimetype).includes('opendocument.spreadsheet')) return messages.ods;
  if (names.some((name) => name.startsWith('Index/') && name.endsWith('.iwa'))) return messages.numbers;
  if (parts.has('word/document.xml')) return messages.binary(fileName, 'a Word document');
  if (parts.has('ppt/presentation.xml')) return messages.binary(fileName, 'a PowerPoint presentation');
  return messages.binary(fileName, 'a zip archive');
}

/** A row's or a cell's address, its `r` attribute ("12", "B12"), with any prefix, but not `xmlns:r`. */
const addressAttribute = /(?<!xmlns:)\br\s*=\s*(["'])(.*?)\1/g;
const cellAddress = /^\s*([A-Z]{0,3})(\d{1,7})\s*$/;
const excelRowsMax = 1_048_576;
const excelColumnsMax = 16_384;

/**
 * Refuses, before they are parsed, parts that would keep the parser busy: sheets spanning more than
 * `spannedCellsMax` cells (from the addresses of their rows and cells), and stretches of XML longer than
 * `xmlTokenMax`. Every part is searched (a sheet's path is the workbook's to choose): a stray address elsewhere
 * only makes the bound stricter. An address Excel never writes ("1e9", "&#88;FD1", row 2,000,000) is refused, as
 * read-excel-file would read it otherwise than this check.
 */
function checkParts(parts: Map<string, Uint8Array>, fileName: string): void {
  let spanned = 0;
  for (const part of parts.values()) {
    const xml = Buffer.from(part.buffer, part.byteOffset, part.byteLength).toString('latin1');
    const longest = longestXmlToken(xml);
    if (longest === Infinity) throw new ReaderFileError(400, messages.damaged(fileName));
    if (longest > xmlTokenMax) throw new ReaderFileError(413, messages.tokenTooLong);
    let lastRow = 0;
    let lastColumn = 0;
    for (const [, , value] of xml.matchAll(addressAttribute)) {
      const address = cellAddress.exec(value!);
      if (!address) {
        if (/[\d&]/.test(value!)) throw new ReaderFileError(400, messages.damaged(fileName));
        continue;
      }
      const [row, column] = [Number(address[2]), columnNumber(address[1]!)];
      if (row > excelRowsMax || column > excelColumnsMax)
        throw new ReaderFileError(400, messages.damaged(fileName));
      lastRow = Math.max(lastRow, row);
      lastColumn = Math.max(lastColumn, column);
    }
    spanned += lastRow * Math.max(lastColumn, 1);
    if (spanned > spannedCellsMax) throw new ReaderFileError(413, messages.tooWide(lastRow, lastColumn));
  }
}

/**
 * The longest stretch the XML parser must hold at once: text between markup, or one tag, comment, CDATA section or
 * processing instruction. read-excel-file feeds a sheet to saxen in chunks, saxen parses what it holds again with
 * each chunk, and read-excel-file halves its chunks while they are slow, down to nothing: a few megabytes in one
 * token kept the server busy for a minute. Infinity for a DTD, which a workbook never has.
 */
function longestXmlToken(xml: string): number {
  let longest = 0;
  let at = 0;
  while (at < xml.length) {
    const open = xml.indexOf('<', at);
    const textEnd = open === -1 ? xml.length : open;
    longest = Math.max(longest, textEnd - at);
    if (open === -1) break;
    const end = markupEnd(xml, open);
    longest = Math.max(longest, end - open);
    at = end;
  }
  return longest;
}

/** Within a tag a quoted value runs to its closing quote (or the end), whatever `>` it holds. */
const tagPiece = /"[^"]*(?:"|$)|'[^']*(?:'|$)|>/g;

function markupEnd(xml: string, open: number): number {
  const through = (marker: string) => {
    const found = xml.indexOf(marker, open + 2);
    return found === -1 ? xml.length : found + marker.length;
  };
  if (xml.startsWith('<!--', open)) return through('-->');
  if (xml.startsWith('<![CDATA[', open)) return through(']]>');
  if (xml.startsWith('<?', open)) return through('?>');
  if (xml.startsWith('<!', open)) return Infinity;
  tagPiece.lastIndex = open + 1;
  for (let piece = tagPiece.exec(xml); piece; piece = tagPiece.exec(xml)) {
    if (piece[0] === '>') return piece.index + 1;
  }
  return xml.length;
}

const columnNumber = (letters: string) =>
  [...letters].reduce((sum, letter) => sum * 26 + letter.charCodeAt(0) - 64, 0);

function columnName(column: number): string {
  let name = '';
  for (let rest = Math.max(column, 1); rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
}

/** Up to 15 significant digits, as a spreadsheet shows them: 0.1 + 0.2 is "0.3", 1e-7 is "0.0000001". */
const plainNumber = new Intl.NumberFormat('en-US', { useGrouping: false, maximumSignificantDigits: 15 });
const excelEpoch = Date.UTC(1899, 11, 30);
const firstDate = Date.UTC(1900, 0, 1);

/** A cell as text: read-excel-file gives strings, numbers, booleans, dates, or null when empty. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  return '';
}

function numberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  // Sets, reps and most loads: whole numbers that print as they are (-0 too, as "0").
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
  const rounded = String(Number(value.toPrecision(15)));
  return rounded.includes('e') ? plainNumber.format(value) : rounded;
}

/**
 * A date as YYYY-MM-DD. A time without a date ("1:30" typed as a rest) is stored as a fraction of the day
 * Excel counts from, 1899-12-30: it reads as the clock text a coach typed.
 */
function dateText(date: Date): string {
  const time = date.getTime();
  if (Number.isNaN(time)) return '';
  if (time >= excelEpoch && time < firstDate) {
    const seconds = Math.round((time - excelEpoch) / 1000);
    const [hours, minutes, rest] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
    const clock = `${hours}:${String(minutes).padStart(2, '0')}`;
    return rest === 0 ? clock : `${clock}:${String(rest).padStart(2, '0')}`;
  }
  return date.toISOString().slice(0, 10);
}
