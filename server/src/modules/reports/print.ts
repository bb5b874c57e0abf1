/**
 * The printable export (document 2: `?format=print`): one self-contained HTML document with no
 * script (the response's CSP allows none), styled for paper. The export mark — tenant slug and
 * reference — is printed on every page twice over: in the page's bottom margin (`@page` margin
 * box) and in the table head, which the browser repeats on each page (docs/reports.md, Print).
 */
export const PRINT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** CSS string literal: the mark goes into `content: "…"`, so quotes, backslashes and line breaks are escaped. */
const cssString = (text: string) =>
  `"${text.replace(/[\\"\n\r]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}"`;

export interface PrintInput {
  title: string;
  mark: string;
  facts: [string, string][];
  header: string[];
  cells: (string | number | null)[][];
}

export function printDocument(p: PrintInput): string {
  const cell = (v: string | number | null) => `<td>${v === null ? '' : escapeHtml(String(v))}</td>`;
  const facts = p.facts.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('');
  const rows = p.cells.map((r) => `<tr>${r.map(cell).join('')}</tr>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(p.title)}</title>
<style>
@page { size: A4 landscape; margin: 14mm 10mm 16mm 10mm;
  @bottom-center { content: ${cssString(`Export ${p.mark}`)}; font: 8pt sans-serif; color: #444; } }
body { font: 9pt/1.3 sans-serif; color: #111; margin: 0; }
h1 { font-size: 14pt; margin: 0 0 4pt; }
dl { display: grid; grid-template-columns: max-content auto; gap: 1pt 8pt; margin: 0 0 8pt; }
dt { font-weight: bold; } dd { margin: 0; }
table { border-collapse: collapse; width: 100%; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
th, td { border: 0.5pt solid #999; padding: 2pt 3pt; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
th { background: #eee; }
.mark th { background: none; border: none; font-weight: normal; font-size: 8pt; color: #444; padding: 0 0 3pt; }
</style></head>
<body>
<h1>${escapeHtml(p.title)}</h1>
<dl>${facts}</dl>
<table>
<thead><tr class="mark"><th colspan="${p.header.length}">Export ${escapeHtml(p.mark)}</th></tr>
<tr>${p.header.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead>
<tbody>
${rows}
</tbody></table>
</body></html>
`;
}
