/**
 * CSV text for exports (docs/incidents.md, Export): RFC 4180 fields and CRLF line ends, with
 * spreadsheet formula injection neutralised. A text cell that starts with `=`, `+`, `-`, `@`, a tab
 * or a carriage return gets a leading apostrophe, so a spreadsheet shows it as text instead of
 * evaluating it; the apostrophe is visible in the raw file, which is the documented trade-off.
 */
export type CsvCell = string | number | boolean | null;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
