/**
 * The credential-shaped text check (document 1, Errors: a description, `user_message`, a
 * `user_messages` text or `change_reason` that contains a credential is refused with a 422 that
 * names the field, never the value; the server applies the same check to every free text a person
 * writes). It reuses the credential detectors of the catalogue, and adds the shapes a detector
 * would not report on its own.
 */
import { BUILTIN_DETECTORS } from './catalogue/index.js';
import { compileDetectors } from './compile.js';
import type { CompiledDetectors } from './compiled.js';
import { scan } from './scanner.js';
import { shannonEntropy } from './validators/normalise.js';

let credentialSet: CompiledDetectors | undefined;

function credentials(): CompiledDetectors {
  credentialSet ??= compileDetectors(BUILTIN_DETECTORS.filter((d) => d.category === 'credentials'));
  return credentialSet;
}

/** A PEM private-key marker on its own: a key pasted into a form is refused even when cut short. */
const PRIVATE_KEY_MARKER = /-----(?:BEGIN|END)[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----/;

/**
 * Bearer secrets Custos itself mints (server/src/http/tokens.ts and the enrolment and second-factor
 * modules): a prefix, then 32 random bytes in base64url. A test keeps this list in step.
 */
export const CUSTOS_SECRET_PREFIXES = ['cus_', 'dlps_', 'dlpi_', 'dlpr_', 'dlpc_', 'dlpe_'] as const;
const CUSTOS_SECRET = new RegExp(
  `(?<![A-Za-z0-9_])(?:${CUSTOS_SECRET_PREFIXES.join('|')})[A-Za-z0-9_-]{20,}`,
);

/**
 * A long run of base64/base62 characters that mixes upper case, lower case and digits the way a
 * generated secret does: high entropy and a change of character class at about every other
 * character (random base62 changes class at 62% of positions; joined or camel-cased words at a
 * quarter or less). Hex digests and UUIDs have no upper case and never count.
 */
const RUN = /[A-Za-z0-9+=_-]{32,}/g;
const RUN_MIN_ENTROPY = 4;
const RUN_MIN_CLASS_CHANGES = 0.4;

function charClass(code: number): number {
  if (code >= 65 && code <= 90) return 1;
  if (code >= 97 && code <= 122) return 2;
  if (code >= 48 && code <= 57) return 3;
  return 0;
}

function looksGenerated(run: string): boolean {
  let changes = 0;
  let pairs = 0;
  let last = 0;
  const seen = new Set<number>();
  for (let i = 0; i < run.length; i++) {
    const c = charClass(run.charCodeAt(i));
    if (c === 0) continue;
    seen.add(c);
    if (last !== 0) {
      pairs++;
      if (c !== last) changes++;
    }
    last = c;
  }
  return seen.size === 3 && pairs > 0 && changes / pairs >= RUN_MIN_CLASS_CHANGES;
}

function highEntropyRun(text: string): boolean {
  for (const m of text.matchAll(RUN)) {
    if (looksGenerated(m[0]) && shannonEntropy(m[0]) >= RUN_MIN_ENTROPY) return true;
  }
  return false;
}

/**
 * True when `text` holds something shaped like a credential: any hit of a credential detector,
 * validated or not (AWS's documentation key is still an access key id in shape, and a key block
 * around a short body is still a key block), a private-key marker, a Custos bearer secret, or a
 * long high-entropy run. Masked values and placeholders (`password: ********`, `${DB_PASSWORD}`)
 * do not count: the password-assignment detector drops them.
 */
export function looksLikeCredential(text: string): boolean {
  if (PRIVATE_KEY_MARKER.test(text) || CUSTOS_SECRET.test(text) || highEntropyRun(text)) return true;
  return scan(credentials(), text, { max_hits_per_detector: 1 }).length > 0;
}
