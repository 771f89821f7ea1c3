import Papa from 'papaparse';

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | null;
}

/**
 * A cell a spreadsheet would read as a formula: text starting with `=`, `+`, `-` or `@`, or with a tab or
 * a carriage return before one (OWASP, "CSV Injection"). A member's bank holder name
 * `=HYPERLINK("http://...","Click")` would otherwise become a live link, or worse, in the spreadsheet of
 * whoever opens the export. A plain number (`-12.50`, a debit) is a number, not a formula, and stays.
 * (papaparse's own pattern ends in `.*$` without the `s` flag, so it misses a formula followed by a line break.)
 */
export const FORMULA_START = /^(?![+-]?[0-9]+(?:\.[0-9]+)?$)[=+\-@\t\r]/;

/**
 * The rows as CSV, the one way the console writes one. papaparse quotes commas, quotes and line breaks
 * in member text; a cell that would start a formula gets a leading `'` (and quotes), so a spreadsheet
 * shows the text as written instead of evaluating it.
 */
export function toCsv<T>(columns: CsvColumn<T>[], rows: T[]): string {
  return Papa.unparse(
    { fields: columns.map((c) => c.header), data: rows.map((row) => columns.map((c) => c.value(row) ?? '')) },
    { escapeFormulae: FORMULA_START },
  );
}

export function downloadCsv<T>(fileName: string, columns: CsvColumn<T>[], rows: T[]): void {
  const url = URL.createObjectURL(new Blob([toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
