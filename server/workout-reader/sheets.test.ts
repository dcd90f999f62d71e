import { strToU8, unzipSync, Zip, ZipDeflate, zipSync, type Zippable } from 'fflate';
import writeXlsxFile, { type SheetData } from 'write-excel-file/node';
import { describe, expect, it } from 'vitest';
import { workoutReaderLimits } from '../../contract/workout-reader';
import { ReaderFileError, readSheets, type ReadSheets } from './sheets';

const text = (content: string) => new TextEncoder().encode(content);

/** A workbook as Excel would save it, with a sheet per entry, in that order. */
async function workbook(sheets: { name: string; data: SheetData }[]): Promise<Uint8Array> {
  return new Uint8Array(
    await writeXlsxFile(sheets.map(({ name, data }) => ({ sheet: name, data }))).toBuffer(),
  );
}

const mainNamespace = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relationships = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * A workbook written by hand: each sheet's `<sheetData>` as given, so a cell can hold what write-excel-file never
 * writes (a formula with the value the spreadsheet stored for it).
 */
function handmadeWorkbook(sheets: Record<string, string>, extraParts: Zippable = {}): Uint8Array {
  const names = Object.keys(sheets);
  const parts: Zippable = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${relationships}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      `<workbook xmlns="${mainNamespace}" xmlns:r="${relationships}"><sheets>` +
        names
          .map((name, index) => `<sheet name="${name}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`)
          .join('') +
        '</sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        names
          .map(
            (_, index) =>
              `<Relationship Id="rId${index + 1}" Type="${relationships}/worksheet" Target="worksheets/sheet${index + 1}.xml"/>`,
          )
          .join('') +
        '</Relationships>',
    ),
    ...extraParts,
  };
  names.forEach((name, index) => {
    parts[`xl/worksheets/sheet${index + 1}.xml`] = strToU8(
      `<worksheet xmlns="${mainNamespace}"><sheetData>${sheets[name]}</sheetData></worksheet>`,
    );
  });
  return zipSync(parts);
}

/** The refusal a file gets: its status and the message the coach reads. */
async function refusal(read: Promise<ReadSheets>): Promise<{ status: number; message: string }> {
  try {
    await read;
  } catch (error) {
    if (error instanceof ReaderFileError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('The file was read, not refused');
}

const cellsOf = (read: ReadSheets) => read.sheets.map((sheet) => sheet.rows.map((row) => row.cells));

describe('a coach uploads a CSV', () => {
  it('reads a comma CSV row by row, each row with its line in the file, blank lines left out', async () => {
    const read = await readSheets(
      text('Week,Day,Exercise,Sets x Reps\r\n1,1,Back Squat,4x6\r\n\r\n1,1,Bench Press,3x8\r\n'),
      'offseason.csv',
    );
    expect(read).toEqual({
      source: 'csv',
      sheets: [
        {
          name: null,
          rows: [
            { line: 1, cells: ['Week', 'Day', 'Exercise', 'Sets x Reps'] },
            { line: 2, cells: ['1', '1', 'Back Squat', '4x6'] },
            { line: 4, cells: ['1', '1', 'Bench Press', '3x8'] },
          ],
        },
      ],
    });
  });

  it('reads a semicolon CSV saved by European Excel, with its BOM, and keeps decimal commas in their cells', async () => {
    const bom = [0xef, 0xbb, 0xbf];
    const read = await readSheets(
      new Uint8Array([...bom, ...text('Exercise;Load\nBack Squat;72,5\nPlank;0:45\n')]),
      'program.csv',
    );
    expect(cellsOf(read)).toEqual([
      [
        ['Exercise', 'Load'],
        ['Back Squat', '72,5'],
        ['Plank', '0:45'],
      ],
    ]);
  });

  it('keeps the line numbers of the rows after a quoted note that spans lines', async () => {
    const read = await readSheets(
      text('Exercise,Notes\nBack Squat,"Brace hard.\nPause at the bottom."\nBench Press,Touch and go\n'),
      'program.csv',
    );
    expect(read.sheets[0]!.rows).toEqual([
      { line: 1, cells: ['Exercise', 'Notes'] },
      { line: 2, cells: ['Back Squat', 'Brace hard.\nPause at the bottom.'] },
      { line: 4, cells: ['Bench Press', 'Touch and go'] },
    ]);
  });

  it('reads CSV text as CSV whatever the file is called', async () => {
    const read = await readSheets(text('Exercise,Sets\nRow,3\n'), 'program.xlsx');
    expect(read.source).toBe('csv');
  });
});

describe('a coach uploads an Excel workbook', () => {
  it('reads every sheet in the order of the workbook, with its name, and rows with their row numbers', async () => {
    const bytes = await workbook([
      { name: 'Week 1', data: [['Exercise', 'Sets'], ['Back Squat', 4], [], ['Bench Press', 3]] },
      { name: 'Week 2', data: [[null], ['Exercise', 'Sets'], ['Deadlift', 5]] },
      { name: 'Deload', data: [] },
    ]);
    const read = await readSheets(bytes, 'offseason.xlsx');
    expect(read).toEqual({
      source: 'xlsx',
      sheets: [
        {
          name: 'Week 1',
          rows: [
            { line: 1, cells: ['Exercise', 'Sets'] },
            { line: 2, cells: ['Back Squat', '4'] },
            { line: 4, cells: ['Bench Press', '3'] },
          ],
        },
        {
          name: 'Week 2',
          rows: [
            { line: 2, cells: ['Exercise', 'Sets'] },
            { line: 3, cells: ['Deadlift', '5'] },
          ],
        },
        { name: 'Deload', rows: [] },
      ],
    });
  });

  it('reads numbers, dates, times and ticks as the spreadsheet shows them, without floating-point noise', async () => {
    const bytes = await workbook([
      {
        name: 'Week 1',
        data: [
          [
            'Sets',
            'Load',
            '%1RM',
            'Tiny',
            'Big',
            'Change',
            'Date',
            'Rest',
            'Done',
            'Skipped',
            'Empty',
            'End',
          ],
          [
            4,
            72.5,
            0.1 + 0.2,
            1e-7,
            123456789012,
            -2.5,
            { value: new Date(Date.UTC(2026, 2, 2)), format: 'd mmm yyyy' },
            { value: 1.5 / 24, type: Number, format: 'h:mm' },
            true,
            false,
            null,
            'x',
          ],
        ],
      },
    ]);
    const read = await readSheets(bytes, 'program.xlsx');
    expect(read.sheets[0]!.rows[1]!.cells).toEqual([
      '4',
      '72.5',
      '0.3',
      '0.0000001',
      '123456789012',
      '-2.5',
      '2026-03-02',
      '1:30',
      'TRUE',
      'FALSE',
      '',
      'x',
    ]);
  });

  it('reads a formula as the value the spreadsheet stored for it, and never works it out itself', async () => {
    const bytes = handmadeWorkbook({
      'Week 1':
        '<row r="1"><c r="A1" t="inlineStr"><is><t>Back Squat</t></is></c><c r="B1"><v>100</v></c></row>' +
        // The stored 7 is not what 1+1 makes: the reader takes what was stored.
        '<row r="2"><c r="A2"><f>B1*0.75</f><v>75</v></c><c r="B2" t="str"><f>A1&amp;" (paused)"</f><v>Back Squat (paused)</v></c>' +
        '<c r="C2"><f>1+1</f><v>7</v></c><c r="D2"><f>B1/3</f><v>33.333333333333336</v></c></row>' +
        // Saved by a program that never worked its formulas out: nothing stored, nothing read.
        '<row r="3"><c r="A3" t="inlineStr"><is><t>Bench Press</t></is></c><c r="B3"><f>B1*0.6</f></c></row>',
    });
    const read = await readSheets(bytes, 'program.xlsx');
    // Every row is as wide as the sheet's widest.
    expect(read.sheets[0]!.rows).toEqual([
      { line: 1, cells: ['Back Squat', '100', '', ''] },
      { line: 2, cells: ['75', 'Back Squat (paused)', '7', '33.3333333333333'] },
      { line: 3, cells: ['Bench Press', '', '', ''] },
    ]);
  });

  it('reads a macro-enabled workbook (.xlsm) for its values; the macros are never run', async () => {
    const bytes = handmadeWorkbook(
      {
        Program:
          '<row r="1"><c r="A1" t="inlineStr"><is><t>Power Clean</t></is></c><c r="B1"><v>5</v></c></row>',
      },
      { 'xl/vbaProject.bin': new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 1, 2, 3]) },
    );
    const read = await readSheets(bytes, 'program.xlsm');
    expect(read).toEqual({
      source: 'xlsx',
      sheets: [{ name: 'Program', rows: [{ line: 1, cells: ['Power Clean', '5'] }] }],
    });
  });

  it("reads a workbook exported by a program that writes each part's size after it (as Java exporters do)", async () => {
    const parts = unzipSync(await workbook([{ name: 'Week 1', data: [['Back Squat', 5]] }]));
    const chunks: Uint8Array[] = [];
    const streamed = new Zip((_, chunk) => chunks.push(chunk));
    for (const [name, content] of Object.entries(parts)) {
      const part = new ZipDeflate(name);
      streamed.add(part);
      part.push(content, true);
    }
    streamed.end();
    const read = await readSheets(new Uint8Array(Buffer.concat(chunks)), 'export.xlsx');
    expect(read.sheets).toEqual([{ name: 'Week 1', rows: [{ line: 1, cells: ['Back Squat', '5'] }] }]);
  });

  it('reads a season of 12 weekly sheets of 40 rows in well under 100 ms', async () => {
    const week = (number: number): SheetData => [
      ['Day', 'Exercise', 'Sets', 'Reps', 'Load'],
      ...Array.from({ length: 39 }, (_, row) => [
        `Day ${(row % 4) + 1}`,
        `Exercise ${row}`,
        4,
        6,
        0.7 + number / 100,
      ]),
    ];
    const bytes = await workbook(
      Array.from({ length: 12 }, (_, index) => ({ name: `Week ${index + 1}`, data: week(index) })),
    );
    const read = await readSheets(bytes, 'season.xlsx');
    // Warm: the first reads compile the reader. The median of the next ones is what a coach waits.
    for (let round = 0; round < 3; round += 1) await readSheets(bytes, 'season.xlsx');
    const times: number[] = [];
    for (let round = 0; round < 7; round += 1) {
      const started = performance.now();
      await readSheets(bytes, 'season.xlsx');
      times.push(performance.now() - started);
    }
    expect(times.sort((a, b) => a - b)[3]).toBeLessThan(100);
    expect(read.sheets).toHaveLength(12);
    expect(read.sheets.every((sheet) => sheet.rows.length === 40)).toBe(true);
  });
});

describe('a coach uploads a file the reader cannot take', () => {
  it('refuses an empty file', async () => {
    expect(await refusal(readSheets(new Uint8Array(), 'program.csv'))).toEqual({
      status: 400,
      message: 'The file is empty: save the program again and upload that file.',
    });
    expect(await refusal(readSheets(text('\r\n \n'), 'program.csv'))).toMatchObject({ status: 400 });
  });

  it('refuses a photo renamed program.xlsx, saying it is an image', async () => {
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1,
    ]);
    const refused = await refusal(readSheets(png, 'program.xlsx'));
    expect(refused.status).toBe(400);
    expect(refused.message).toContain('"program.xlsx" is not a spreadsheet: it holds an image (PNG)');
  });

  it('refuses an old Excel file (.xls), asking for .xlsx or CSV, whatever it is called', async () => {
    const xls = new Uint8Array(1024);
    xls.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(await refusal(readSheets(xls, 'program.xlsx'))).toEqual({
      status: 400,
      message: 'This is an old Excel file (.xls): save it as .xlsx or CSV and upload that.',
    });
  });

  it('refuses a workbook protected with a password, asking to remove it', async () => {
    const encrypted = new Uint8Array(2048);
    encrypted.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    encrypted.set(Buffer.from('EncryptedPackage', 'utf16le'), 1024);
    const refused = await refusal(readSheets(encrypted, 'program.xlsx'));
    expect(refused).toMatchObject({ status: 400 });
    expect(refused.message).toContain('protected with a password');
  });

  it('refuses a zip that is not a workbook', async () => {
    const photos = zipSync({
      'session.jpg': new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]),
      'notes.txt': strToU8('hi'),
    });
    expect(await refusal(readSheets(photos, 'program.xlsx'))).toEqual({
      status: 400,
      message:
        '"program.xlsx" is not a spreadsheet: it holds a zip archive. Save the program as .xlsx or CSV and upload that file.',
    });
    const ods = zipSync({
      mimetype: strToU8('application/vnd.oasis.opendocument.spreadsheet'),
      'content.xml': strToU8('<office:document-content/>'),
    });
    expect((await refusal(readSheets(ods, 'program.ods'))).message).toContain(
      'OpenDocument spreadsheet (.ods)',
    );
  });

  it('refuses a damaged workbook, asking to save it again', async () => {
    const bytes = handmadeWorkbook({ 'Week 1': '<row r="1"><c r="A1" t="s"><v>9</v></c></row>' });
    const refused = await refusal(readSheets(bytes, 'program.xlsx'));
    expect(refused.status).toBe(400);
    expect(refused.message).toContain('could not be read: it may be damaged');
  });

  it('refuses a file over 5 MB with 413, naming the limit', async () => {
    const big = text(`Exercise,Notes\n${'Row,easy\n'.repeat(workoutReaderLimits.fileBytes / 9 + 1)}`);
    const refused = await refusal(readSheets(big, 'program.csv'));
    expect(refused.status).toBe(413);
    expect(refused.message).toMatch(/^The file is larger than 5 MB/);
  });

  it('refuses a CSV of more than 50,000 rows with 413, counting its rows', async () => {
    const rows = Array.from({ length: 52_100 }, (_, row) => `Squat ${row},5\n`).join('');
    const refused = await refusal(readSheets(text(rows), 'program.csv'));
    expect(refused).toEqual({
      status: 413,
      message:
        'The file has 52,100 rows; the reader takes at most 50,000. Split it into files of a few weeks or months each and upload them one at a time.',
    });
  });

  it('counts the rows of all sheets together, blank ones left out', async () => {
    const sheet = (rows: number) => Array.from({ length: rows }, (_, row) => [`Exercise ${row}`, 3]);
    const justUnder = await workbook([
      { name: 'Block 1', data: sheet(2500) },
      { name: 'Block 2', data: [...sheet(2500), [], [], []] },
    ]);
    expect((await readSheets(justUnder, 'program.xlsx')).sheets.map((read) => read.rows.length)).toEqual([
      2500, 2500,
    ]);

    const over = await workbook([
      { name: 'Block 1', data: sheet(2500) },
      { name: 'Block 2', data: sheet(1700) },
      { name: 'Block 3', data: sheet(900) },
    ]);
    const refused = await refusal(readSheets(over, 'program.xlsx'));
    expect(refused.status).toBe(413);
    expect(refused.message).toContain(
      'The workbook has 5,100 rows (all sheets together); the reader takes at most 5,000',
    );
  });

  it('refuses a workbook of more than 60 sheets with 413 before reading them', async () => {
    const sheets = Array.from({ length: 61 }, (_, index) => ({
      name: `Day ${index + 1}`,
      data: [['Squat', 5]],
    }));
    const refused = await refusal(readSheets(await workbook(sheets), 'program.xlsx'));
    expect(refused).toEqual({
      status: 413,
      message:
        'The workbook has 61 sheets; the reader takes at most 60. Move some sheets into a second workbook and upload each workbook on its own.',
    });
  });

  it('refuses a zip bomb (a small file that unpacks past 40 MB) with 413, quickly', async () => {
    const padding = `<row r="1"><c r="A1" t="inlineStr"><is><t>${' '.repeat(41 * 1024 * 1024)}</t></is></c></row>`;
    const honest = handmadeWorkbook({ 'Week 1': padding });
    expect(honest.byteLength).toBeLessThan(workoutReaderLimits.fileBytes);
    // The same bomb with every header claiming its part unpacks to no more than it takes packed.
    const lying = withSizesUnderstated(honest);
    for (const bytes of [honest, lying]) {
      const started = performance.now();
      const refused = await refusal(readSheets(bytes, 'program.xlsx'));
      expect(performance.now() - started).toBeLessThan(1000);
      expect(refused.status).toBe(413);
      expect(refused.message).toContain('more than 40 MB');
    }
  });

  it('refuses a cell holding megabytes of text (more than Excel lets a cell hold) with 413, quickly', async () => {
    const bytes = handmadeWorkbook({
      'Week 1': `<row r="1"><c r="A1" t="inlineStr"><is><t>${'Squat '.repeat(400_000)}</t></is></c></row>`,
    });
    const started = performance.now();
    const refused = await refusal(readSheets(bytes, 'program.xlsx'));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(refused.status).toBe(413);
    expect(refused.message).toContain('A cell of the workbook holds more than 256 KB of text');
  });

  it('refuses a sheet with a cell far out at the last row and column before it is read', async () => {
    const bytes = handmadeWorkbook({
      'Week 1':
        '<row r="1"><c r="A1" t="inlineStr"><is><t>Squat</t></is></c></row>' +
        '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>',
    });
    const started = performance.now();
    const refused = await refusal(readSheets(bytes, 'program.xlsx'));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(refused.status).toBe(413);
    expect(refused.message).toContain('reaches down to row 1,048,576 and across to column XFD');
  });
});

/** The zip with each part's unpacked size, in its local header and in the central directory, set to its packed size. */
function withSizesUnderstated(zip: Uint8Array): Uint8Array {
  const bytes = zip.slice();
  const view = new DataView(bytes.buffer);
  let at = 0;
  while (view.getUint32(at, true) === 0x04034b50) {
    const packed = view.getUint32(at + 18, true);
    view.setUint32(at + 22, packed, true);
    at += 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true) + packed;
  }
  while (view.getUint32(at, true) === 0x02014b50) {
    view.setUint32(at + 24, view.getUint32(at + 20, true), true);
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return bytes;
}
