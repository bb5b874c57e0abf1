import { fieldError } from '../../http/errors.js';
import { commonPasswords } from './common-passwords.js';

/**
 * The password rule of document 3 (Users): at least twelve characters; no keyboard or alphabet
 * run, short repeated pattern, common-password list entry (after removing padding and undoing
 * look-alike substitutions), e-mail name, organisation slug or name, or the product name. No
 * composition rules and no expiry. Each refusal is a sentence naming the rule, never the password.
 */

export const PASSWORD_MIN_LENGTH = 12;

export interface PasswordContext {
  email: string;
  tenantSlug: string;
  tenantName: string;
}

const SEQUENCES = [
  'abcdefghijklmnopqrstuvwxyz',
  '0123456789',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  '1234567890',
  'qazwsxedcrfvtgbyhnujmikolp',
  'azertyuiop',
  'qwertzuiop',
];

/** Look-alike characters and what they stand for; `1` and `!` may be i or l. */
const SUBSTITUTIONS: Record<string, string[]> = {
  '0': ['o'],
  '1': ['i', 'l'],
  '!': ['i', 'l'],
  '|': ['i', 'l'],
  '3': ['e'],
  '4': ['a'],
  '@': ['a'],
  $: ['s'],
  '5': ['s'],
  '7': ['t'],
  '+': ['t'],
  '8': ['b'],
  '9': ['g'],
  '6': ['g'],
};

/** Characters that are part of a run of three or more consecutive keys or letters (either way). */
function runCoverage(text: string): number {
  const covered = new Array<boolean>(text.length).fill(false);
  const seqs = SEQUENCES.flatMap((s) => [s, [...s].reverse().join('')]);
  for (const seq of seqs) {
    let start = 0;
    for (let i = 1; i <= text.length; i++) {
      const continues =
        i < text.length &&
        seq.indexOf(text[i - 1]!) >= 0 &&
        seq.indexOf(text[i]!) === seq.indexOf(text[i - 1]!) + 1;
      if (!continues) {
        if (i - start >= 3) for (let k = start; k < i; k++) covered[k] = true;
        start = i;
      }
    }
  }
  return covered.filter(Boolean).length;
}

/** The password is one unit of at most six characters repeated (the last copy may be cut short). */
function isShortRepeat(text: string): boolean {
  for (let unit = 1; unit <= 6 && unit * 2 <= text.length; unit++) {
    let repeats = true;
    for (let i = unit; i < text.length; i++) {
      if (text[i] !== text[i % unit]) {
        repeats = false;
        break;
      }
    }
    if (repeats) return true;
  }
  return false;
}

/** Every reading of the text with look-alikes undone (bounded: at most 64 variants). */
function unsubstitute(text: string): string[] {
  let variants = [''];
  for (const ch of text) {
    const options = SUBSTITUTIONS[ch] ?? [ch];
    const next: string[] = [];
    for (const v of variants) for (const o of options) next.push(v + o);
    variants = next.length > 64 ? next.slice(0, 64) : next;
  }
  return variants;
}

/** Padding: digits, punctuation and spaces at either end. */
function stripPadding(text: string): string {
  return text.replace(/^[^a-z]+/, '').replace(/[^a-z]+$/, '');
}

function candidates(lower: string): Set<string> {
  const out = new Set<string>([lower]);
  const stripped = stripPadding(lower);
  out.add(stripped);
  // Undo look-alikes before and after removing the padding ("p@ssw0rd2024!", "1loveyou99").
  for (const v of unsubstitute(stripped)) {
    out.add(v);
    out.add(stripPadding(v));
  }
  for (const v of unsubstitute(lower)) {
    out.add(v);
    out.add(stripPadding(v));
  }
  out.delete('');
  return out;
}

function nameParts(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((x) => x.length >= 4);
}

/** Null when the password passes; otherwise the sentence naming the rule it breaks. */
export function checkPasswordRule(password: string, context: PasswordContext): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH)
    return `must be at least ${PASSWORD_MIN_LENGTH} characters long`;
  const lower = password.toLowerCase();
  if (runCoverage(lower) * 2 >= lower.length) return 'must not be mostly a keyboard or alphabet run';
  if (isShortRepeat(lower)) return 'must not be a short repeated pattern';
  const forms = candidates(lower);
  const list = commonPasswords();
  for (const form of forms) {
    if (list.has(form) || isShortRepeatOfListEntry(form, list))
      return 'is too common: it is on a list of widely used passwords (padding and look-alike characters are ignored)';
  }
  const has = (needle: string) => [...forms].some((f) => f.includes(needle));
  const local = context.email.toLowerCase().split('@')[0] ?? '';
  if ((local.length >= 3 && has(local)) || nameParts(local).some(has))
    return 'must not contain the name part of your e-mail address';
  const slug = context.tenantSlug.toLowerCase();
  if ((slug.length >= 3 && has(slug)) || nameParts(context.tenantName).some(has))
    return "must not contain the organisation's slug or name";
  if (has('custos')) return 'must not contain the product name';
  return null;
}

/** "passwordpassword": a list entry written twice or more. */
function isShortRepeatOfListEntry(form: string, list: ReadonlySet<string>): boolean {
  for (let unit = 4; unit * 2 <= form.length; unit++) {
    if (form.length % unit !== 0) continue;
    const head = form.slice(0, unit);
    if (head.repeat(form.length / unit) === form && list.has(head)) return true;
  }
  return false;
}

/** The rule as a 422 on `password` (document 3, Errors). */
export function enforcePasswordRule(password: string, context: PasswordContext): void {
  const broken = checkPasswordRule(password, context);
  if (broken) throw fieldError('password', `the password ${broken}`);
}
