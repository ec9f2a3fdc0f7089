import { stringify } from 'csv-stringify/sync';

export type CsvCell = string | number | null;

/** Where a spreadsheet may start a new cell: the separators it may split on, and line ends. */
const CELL_BREAK = /[,;\t\r\n]/;
/** What makes a spreadsheet read a cell as a formula (or a DDE call). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text defused for any spreadsheet: a quote before the cell when it starts like a formula, and before
 * every part after a separator inside it that would, since a spreadsheet splitting on `;` or a tab
 * reads `Bob;=1+1` as two cells whatever the quoting.
 */
export function defuseFormulas(text: string): string {
  let out = '';
  let start = true;
  for (const char of text) {
    if (start && FORMULA_START.test(char)) out += "'";
    out += char;
    start = CELL_BREAK.test(char);
  }
  return out;
}

/**
 * One CSV file (RFC 4180, CRLF line ends) that is safe to open in a spreadsheet: every text cell is
 * defused (defuseFormulas) and quoted when it holds a separator (`,` `;` tab), a quote or a line end.
 * Numbers are written as they are.
 */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  return stringify([header, ...rows], {
    record_delimiter: 'windows',
    quoted_match: /[,;\t"\r\n]/,
    cast: { string: (value) => defuseFormulas(value) },
  });
}
