/** The generated tables of docs/detectors.md (catalogue and precision), between HTML markers. */
import { BUILTIN_DETECTORS, type DetectorDefinition } from '../../../src/detectors/index.js';

function prefilter(d: DetectorDefinition): string {
  return d.triggers
    .map((t) => {
      if (t.kind === 'digits') return `digit run (${t.gate})`;
      if (t.kind === 'keyword') return 'keyword';
      const shown = t.anchors.length > 3 ? t.anchors.slice(0, 2) : t.anchors;
      return `anchor ${shown.map((a) => `\`${a}\``).join(', ')}${t.anchors.length > 3 ? ' …' : ''}`;
    })
    .join('; ');
}

function keywords(d: DetectorDefinition): string {
  const n = d.keywords.en.length + d.keywords.az.length + d.keywords.ru.length + d.keywords.tr.length;
  return n === 0 ? 'none' : `${d.keyword_required ? 'required' : 'supporting'}, ${d.proximity}`;
}

export function catalogueTable(): string {
  const rows = [
    '| id | ver | category | prefilter | checks | validator | keywords, proximity | confidence | default |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const d of BUILTIN_DETECTORS) {
    const c = d.confidence;
    const checks = (d.checks ?? []).map((x) => `\`${x}\``).join(', ') || '—';
    rows.push(
      `| \`${d.id}\` | ${d.version} | ${d.category} | ${prefilter(d)} | ${checks} | ${d.validator ? `\`${d.validator}\`` : '—'} | ${keywords(d)} | ${c.pattern} / ${c.keyword} / ${c.validated} / ${c.validated_keyword} | ${d.default_confidence} |`,
    );
  }
  return rows.join('\n');
}

/** Replace the text between `<!-- name:begin … -->` and `<!-- name:end -->` (markers kept). */
export function replaceBetween(doc: string, name: string, body: string): string {
  const begin = doc.indexOf(`<!-- ${name}:begin`);
  const end = doc.indexOf(`<!-- ${name}:end -->`);
  if (begin < 0 || end < 0) throw new Error(`docs/detectors.md lacks the ${name} markers`);
  const afterBegin = doc.indexOf('-->', begin) + 3;
  return `${doc.slice(0, afterBegin)}\n${body}\n${doc.slice(end)}`;
}
