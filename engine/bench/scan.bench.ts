/**
 * Scanning throughput (issue 3 target: ≥ 50 MB/s on one core). Generates a deterministic ~50 MB
 * mixed corpus — prose in English, Azerbaijani, Russian and Turkish, code/config/log lines, and
 * about 1% lines carrying sensitive data — and scans it with the whole built-in catalogue,
 * in 256 KB documents (the size of an ordinary file read by the agent). Prints MB/s; asserts
 * only that the sensitive lines were found, never a timing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { expect, test } from 'vitest';
import { setWasmPrefilter } from '../src/detectors/prefilter-pass.js';
import {
  BUILTIN_DETECTORS,
  type CompiledDetectors,
  type CustomDetectorSpec,
  compileDetectors,
  scan,
  totalMatches,
} from '../src/index.js';
import { ripgrepFigures } from './ripgrep.js';

/** Small deterministic PRNG (mulberry32) so every run scans the same corpus. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = {
  en: 'the report of quarterly results shows that our team delivered the new service ahead of plan while customers asked for better support and clearer pricing in every region we operate'.split(
    ' ',
  ),
  az: 'hesabat rüblük nəticələri göstərir ki komandamız yeni xidməti planlaşdırılandan əvvəl təqdim etdi müştərilər isə daha yaxşı dəstək və aydın qiymətlər istədilər İstifadəçi şəhər işçi'.split(
    ' ',
  ),
  ru: 'отчёт о квартальных результатах показывает что наша команда запустила новый сервис раньше срока а клиенты просили лучшую поддержку и понятные цены во всех регионах Ёлка'.split(
    ' ',
  ),
  tr: 'çeyrek sonuçlarına ilişkin rapor ekibimizin yeni hizmeti plandan önce sunduğunu gösteriyor müşteriler ise daha iyi destek ve açık fiyatlandırma istedi İstanbul ılık ışık'.split(
    ' ',
  ),
};

const CODE = [
  'const total = items.reduce((sum, item) => sum + item.price * item.quantity, 0);',
  'if (response.status !== 200) throw new Error("request failed: " + response.status);',
  '  timeout_ms: 30000',
  '  replicas: 3',
  'server.listen({ port: 8080, host: "0.0.0.0" });',
  '2026-11-22T22:17:05.123Z INFO worker-7 processed batch 1842 in 153 ms',
  '{"id": 48213, "name": "widget", "tags": ["a", "b"], "version": "1.4.2"}',
  "SELECT id, name FROM accounts WHERE created_at > now() - interval '7 days';",
  'for i in range(0, 1024): buffer[i] = (buffer[i] ^ key[i % 16]) & 0xff',
  'import { readFile } from "node:fs/promises"; // std::vector<int> v;',
  'docker run -p 5432:5432 -e POSTGRES_DB=app postgres:15',
  'version = "3.12.1"  # build 20261122',
];

const SENSITIVE = [
  'Kart numarası: 4111 1111 1111 1111, son kullanma 12/28',
  'card number 5555555555554444 exp 01/27 cvv 123',
  'IBAN: TR33 0006 1005 1978 6457 8413 26',
  'Hesab: AZ21NABZ00000000137010001944',
  'T.C. Kimlik No: 10000000146',
  'ИНН 7707083893, СНИЛС 112-233-445 95',
  'SSN 078-05-1121 on file for the applicant',
  'contact: ivan.petrov@example.org, tel +7 912 345-67-89',
  'aws_access_key_id = AKIAQYLPMN5HHHFPZAM2',
  'DB_PASSWORD="Xy9#kq2!pLm"',
  'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
  'VÖEN: 1401555071, telefon 050 123 45 67',
];

function corpus(targetBytes: number): { text: string; sensitive: number } {
  const rand = prng(20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const langs = Object.values(WORDS);
  const lines: string[] = [];
  let size = 0;
  let sensitive = 0;
  while (size < targetBytes) {
    const r = rand();
    let line: string;
    if (r < 0.01) {
      line = pick(SENSITIVE);
      sensitive++;
    } else if (r < 0.45) {
      line = pick(CODE);
    } else {
      const words = pick(langs);
      const n = 8 + Math.floor(rand() * 16);
      const parts: string[] = [];
      for (let i = 0; i < n; i++) parts.push(pick(words));
      line = `${parts.join(' ')}.`;
    }
    lines.push(line);
    size += Buffer.byteLength(line) + 1;
  }
  return { text: lines.join('\n'), sensitive };
}

/** Three tenant detectors of the usual kinds: literal prefix, keyword-gated, and no literal at all. */
const CUSTOM: CustomDetectorSpec[] = [
  { id: 'employee_id', version: 1, category: 'national_id', pattern: 'EMP-[0-9]{6}', confidence: 75 },
  {
    id: 'contract_no',
    version: 1,
    category: 'financial',
    pattern: '[A-Z]{2}[0-9]{8}',
    keywords: ['contract', 'müqavilə', 'договор', 'sözleşme'],
    keyword_required: true,
    confidence: 75,
  },
  { id: 'project_code', version: 1, category: 'financial', pattern: '(?i)project\\s+falcon', confidence: 85 },
];

/**
 * Timed rounds per figure. On a shared machine a round's CPU time swings with the other work
 * (cache and core contention count as this process's time); five rounds give the best figure a
 * fair chance at a quiet stretch (issue 24: three gave 175–293 MB/s for the same code).
 */
const ROUNDS = 5;

interface Figures {
  /** MB/s by wall clock, best of ROUNDS */
  mbps: number;
  /** MB/s by this process's CPU time, best of ROUNDS: steadier when other work shares the cores */
  cpuMbps: number;
  ms: number;
  matches: number;
}

function measure(compiled: CompiledDetectors, docs: readonly string[], bytes: number): Figures {
  let bestWall = Number.POSITIVE_INFINITY;
  let bestCpu = Number.POSITIVE_INFINITY;
  let matches = 0;
  // One untimed pass first: JIT tier-up, regular-expression compilation and the collection of
  // the corpus builder's garbage (its concurrent GC threads count as this process's CPU time)
  // would otherwise land in the first timed figure.
  for (const doc of docs) scan(compiled, doc);
  for (let round = 0; round < ROUNDS; round++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    matches = 0;
    for (const doc of docs) matches += totalMatches(scan(compiled, doc));
    bestWall = Math.min(bestWall, performance.now() - start);
    const used = process.cpuUsage(cpu);
    bestCpu = Math.min(bestCpu, (used.user + used.system) / 1000);
  }
  const mb = bytes / 1024 / 1024;
  return { mbps: mb / (bestWall / 1000), cpuMbps: mb / (bestCpu / 1000), ms: bestWall, matches };
}

test('scan throughput over a 50 MB mixed corpus, whole catalogue, one core', () => {
  const { text, sensitive } = corpus(50 * 1024 * 1024);
  const bytes = Buffer.byteLength(text);
  const compileStart = performance.now();
  const compiled = compileDetectors(BUILTIN_DETECTORS);
  const compileMs = performance.now() - compileStart;

  const docSize = 256 * 1024;
  const docs: string[] = [];
  for (let i = 0; i < text.length; i += docSize) docs.push(text.slice(i, i + docSize));

  setWasmPrefilter(false);
  const jsOnly = measure(compiled, docs, bytes);
  setWasmPrefilter(true);
  console.log(
    `scan, prefilter passes in JavaScript (the fallback): best of ${ROUNDS} ${jsOnly.ms.toFixed(0)} ms → ` +
      `${jsOnly.mbps.toFixed(1)} MB/s (${jsOnly.cpuMbps.toFixed(1)} MB/s of CPU time)`,
  );
  const builtin = measure(compiled, docs, bytes);
  expect(builtin.matches).toBe(jsOnly.matches);
  console.log(
    `scan: ${(bytes / 1024 / 1024).toFixed(1)} MB (${docs.length} documents of 256 KB), ${BUILTIN_DETECTORS.length} built-in detectors, ` +
      `compile ${compileMs.toFixed(1)} ms, best of ${ROUNDS} ${builtin.ms.toFixed(0)} ms → ${builtin.mbps.toFixed(1)} MB/s ` +
      `(${builtin.cpuMbps.toFixed(1)} MB/s of CPU time); ` +
      `${sensitive} sensitive lines, ${builtin.matches} hits`,
  );
  const withCustom = measure(compileDetectors(BUILTIN_DETECTORS, CUSTOM), docs, bytes);
  console.log(
    `scan with ${CUSTOM.length} tenant (RE2) detectors added: best of ${ROUNDS} ${withCustom.ms.toFixed(0)} ms → ` +
      `${withCustom.mbps.toFixed(1)} MB/s (${withCustom.cpuMbps.toFixed(1)} MB/s of CPU time)`,
  );
  const dir = mkdtempSync(`${tmpdir()}/custos-rg-`);
  try {
    const rg = ripgrepFigures(BUILTIN_DETECTORS, text, dir);
    if (!rg) console.log('ripgrep: not installed (apt-get install ripgrep), no comparison');
    else
      console.log(
        `ripgrep -j1 --no-unicode, ${rg.patterns} candidate patterns in one combined scan (${rg.skipped} not expressible in rg syntax): ` +
          `${rg.mbps.toFixed(1)} MB/s (${rg.cpuMbps.toFixed(1)} MB/s of CPU time), ${rg.matches} matches; ` +
          `scanner / ripgrep = ${(builtin.mbps / rg.mbps).toFixed(2)} by wall clock, ${(builtin.cpuMbps / rg.cpuMbps).toFixed(2)} by CPU time`,
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  expect(builtin.matches).toBeGreaterThanOrEqual(sensitive);
});
