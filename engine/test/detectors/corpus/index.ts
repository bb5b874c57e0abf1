/**
 * The labelled corpus (issue 24): for every built-in detector, valid values and near misses in
 * sentences of the four product languages (or in configuration lines for secrets), mixed with
 * natural text that holds no sensitive data. Deterministic: the same seed builds the same corpus.
 */
import { BUILTIN_DETECTORS, type DetectorDefinition } from '../../../src/detectors/index.js';
import { ALNUM, type Rand, rand } from './random.js';
import { LANGS, naturalLine, PASSWORD_LINES, SECRET_LINES, WITH_KEYWORD, WITHOUT_KEYWORD } from './text.js';
import { checkedValue, PLAIN } from './values.js';

export interface Label {
  start: number;
  end: number;
  detector: string;
}

export interface CorpusDocument {
  text: string;
  labels: Label[];
}

interface Line {
  text: string;
  /** [start, end) of the labelled value inside the line, and its detector; absent for negatives */
  label?: { start: number; end: number; detector: string };
}

export const POSITIVES_PER_DETECTOR = 24;
export const NEAR_MISSES_PER_DETECTOR = 12;
export const NATURAL_LINES = 4000;

function place(template: string, keyword: string, value: string, detector: string | undefined): Line {
  const withKeyword = template.replace('{k}', keyword);
  const start = withKeyword.indexOf('{v}');
  const text = withKeyword.replace('{v}', value);
  return detector ? { text, label: { start, end: start + value.length, detector } } : { text };
}

function keywordOf(def: DetectorDefinition, lang: (typeof LANGS)[number], r: Rand): string {
  const list = def.keywords[lang].length > 0 ? def.keywords[lang] : def.keywords.en;
  return r.pick(list).replace(/\*$/, '');
}

/** Near misses of formats whose check is structural or absent (placeholders, wrong shapes). */
const NEAR: Record<string, (r: Rand) => string> = {
  email: (r) => r.pick(['icon@2x.png', 'logo@3x.jpg', 'user@localhost', '@mention']),
  phone: (r) => `+90 532 ${r.int(100, 999)} ${r.int(10, 99)}`,
  ipv4: (r) => `${r.int(256, 999)}.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(300, 999)}`,
  ipv6: () => 'std::vector::size',
  us_ssn: (r) => `${r.pick(['000', '666', '900'])}-${r.int(10, 99)}-${r.int(1000, 9999)}`,
  uk_nino: (r) => `${r.pick(['BG', 'GB', 'QQ'])}${r.digits(6)}A`,
  aws_access_key_id: () => 'AKIAIOSFODNN7EXAMPLE',
  github_token: () => `ghp_${'x'.repeat(36)}`,
  slack_token: () => 'xoxb-000000000000-000000000000-xxxxxxxxxxxxxxxxxxxxxxxx',
  google_api_key: () => `AIza${'x'.repeat(35)}`,
  jwt: (r) => `eyJ${r.chars(20, ALNUM)}.eyJ${r.chars(20, ALNUM)}.${r.chars(20, ALNUM)}`,
  password_assignment: (r) =>
    r.pick(['changeme', `${'$'}{DB_PASSWORD}`, '********', 'process.env.DB_PASS', 'please']),
  connection_string: () => `postgres://app:${'$'}{DB_PASSWORD}@db.internal:5432/app`,
  gitlab_token: () => `glpat-${'x'.repeat(20)}`,
  stripe_key: () => `sk_test_${'x'.repeat(24)}`,
  npm_token: () => `npm_${'0'.repeat(36)}`,
  private_key: () => '-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----',
};

function positive(def: DetectorDefinition, r: Rand): Line {
  const value = PLAIN[def.id]?.(r) ?? checkedValue(def.id, def.validator, r, true)!;
  if (def.id === 'password_assignment') return place(r.pick(PASSWORD_LINES), '', value, def.id);
  if (def.id === 'aws_secret_key') return place('aws_secret_access_key = {v}', '', value, def.id);
  if (def.category === 'credentials') return place(r.pick(SECRET_LINES), '', value, def.id);
  const lang = r.pick(LANGS);
  const useKeyword = def.keyword_required || r.next() < 0.5;
  const template = r.pick(useKeyword ? WITH_KEYWORD[lang] : WITHOUT_KEYWORD[lang]);
  return place(template, keywordOf(def, lang, r), value, def.id);
}

function nearMiss(def: DetectorDefinition, r: Rand): Line | undefined {
  const lang = r.pick(LANGS);
  const near = NEAR[def.id];
  if (near) {
    if (def.id === 'password_assignment') return place(r.pick(PASSWORD_LINES), '', near(r), undefined);
    if (def.category === 'credentials') return place(r.pick(SECRET_LINES), '', near(r), undefined);
    return place(r.pick(WITH_KEYWORD[lang]), keywordOf(def, lang, r), near(r), undefined);
  }
  if (PLAIN[def.id]) {
    // A keyword-gated format without its keyword is ordinary text.
    if (!def.keyword_required) return undefined;
    return place(r.pick(WITHOUT_KEYWORD[lang]), '', PLAIN[def.id]!(r), undefined);
  }
  const value = checkedValue(def.id, def.validator, r, false);
  return value === undefined
    ? undefined
    : place(r.pick(WITH_KEYWORD[lang]), keywordOf(def, lang, r), value, undefined);
}

/** Build the corpus: documents of about 60 lines each. */
export function buildCorpus(seed = 24): CorpusDocument[] {
  const r = rand(seed);
  const lines: Line[] = [];
  for (const def of BUILTIN_DETECTORS) {
    for (let i = 0; i < POSITIVES_PER_DETECTOR; i++) lines.push(positive(def, r));
    for (let i = 0; i < NEAR_MISSES_PER_DETECTOR; i++) {
      const line = nearMiss(def, r);
      if (line) lines.push(line);
    }
  }
  for (let i = 0; i < NATURAL_LINES; i++) lines.push({ text: naturalLine(r) });
  // Fisher–Yates with the corpus generator, so sensitive lines sit among natural ones.
  for (let i = lines.length - 1; i > 0; i--) {
    const j = Math.floor(r.next() * (i + 1));
    [lines[i], lines[j]] = [lines[j]!, lines[i]!];
  }
  const docs: CorpusDocument[] = [];
  for (let i = 0; i < lines.length; i += 60) {
    let text = '';
    const labels: Label[] = [];
    for (const line of lines.slice(i, i + 60)) {
      if (line.label)
        labels.push({
          start: text.length + line.label.start,
          end: text.length + line.label.end,
          detector: line.label.detector,
        });
      text += `${line.text}\n`;
    }
    docs.push({ text, labels });
  }
  return docs;
}
