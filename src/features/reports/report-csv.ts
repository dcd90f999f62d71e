/** A section's numbers as a CSV's header and rows (empty cells as null). */
export interface CsvTable {
  fields: string[];
  data: (string | number | null)[][];
}

/** The CSV text of a table; papaparse loads with the first download, not with the screen. */
export async function csvText(table: CsvTable): Promise<string> {
  const { unparse } = await import('papaparse/papaparse.min.js');
  return unparse({ fields: table.fields, data: table.data.map((row) => row.map((cell) => cell ?? '')) });
}

/** Hands the CSV to the browser as a file download. */
export async function downloadCsv(fileName: string, table: CsvTable): Promise<void> {
  const blob = new Blob([await csvText(table)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
