import Papa from 'papaparse';

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | null;
}

/** The rows as CSV (papaparse quotes commas, quotes and line breaks in member text). */
export function toCsv<T>(columns: CsvColumn<T>[], rows: T[]): string {
  return Papa.unparse({ fields: columns.map((c) => c.header), data: rows.map((row) => columns.map((c) => c.value(row) ?? '')) });
}

export function downloadCsv<T>(fileName: string, columns: CsvColumn<T>[], rows: T[]): void {
  const url = URL.createObjectURL(new Blob([toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
