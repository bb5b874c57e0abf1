import { justificationProblems, NOTICE_REFERENCE_PATTERN, personTextProblem } from '@custos/engine';
import type { DetectorPreviews, PersonPromptRecord } from '../../ports/normalised-event.js';

/**
 * The event fields a person can shape (docs/incidents.md, "Justifications", "Print jobs and
 * processes", "Detector previews"). A malformed structure is the agent's mistake and Rejects the
 * event; a text that breaks the person-text rule (control characters, direction overrides, a
 * credential-shaped value) is withheld and the event kept: a person must not be able to keep an
 * event off the server by typing, or by naming a printer, oddly.
 */
export type Out<T> = { value: T } | { reason: string };

/**
 * Prompt kinds and results today: notice, continue, justify; shown, continued, cancelled,
 * justified, timed_out. Any lower-case token is kept, so a newer agent's kind (an approval
 * request) is recorded rather than its event refused.
 */
const TOKEN = /^[a-z][a-z_]{0,31}$/;
/** The agent cuts a typed justification at 2,000 characters (agent/src/people/ask-step.ts). */
export const MAX_JUSTIFICATION_CHARS = 2_000;
const SIGNATURES = new Set(['valid', 'invalid', 'unsigned', 'untrusted', 'expired', 'revoked', 'unknown']);
const INTEGRITY = new Set(['untrusted', 'low', 'medium', 'high', 'system', 'protected', 'unknown']);
const HASH = /^[0-9a-f]{64}$/i;
/** Per detector and event: at most this many masked values and snippets are kept. */
export const MAX_PREVIEWS = 5;
const MAX_PREVIEW_CHARS = 48;
const MAX_SNIPPET_CHARS = 160;
/** A masked value keeps at most four leading and four trailing characters (engine maskValue). */
const MAX_CLEAR_CHARS = 8;

export function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Why a text is withheld, or null when it may be kept (the engine's person-text rule). */
function withheldReason(text: string, form: 'line' | 'multiline'): string | null {
  const problem = personTextProblem(text, form);
  if (problem === null) return null;
  return /credential/.test(problem) ? 'credential_shaped' : 'unsafe_text';
}

export function optionalString(v: unknown, max: number): Out<string | null> {
  if (v === undefined || v === null || v === '') return { value: null };
  if (typeof v !== 'string' || v.length > max) return { reason: 'bad' };
  return { value: v };
}

/** A one-line name shown to analysts: kept when it passes the person-text rule, else withheld. */
export function nameField(v: unknown, max: number, field: string, withheld: string[]): Out<string | null> {
  const s = optionalString(v, max);
  if ('reason' in s || s.value === null) return s;
  if (withheldReason(s.value, 'line') !== null) {
    withheld.push(field);
    return { value: null };
  }
  return s;
}

/** Agent `person_prompt` (docs/agent.md, "What is asked when"). */
export function personPromptOf(v: unknown): Out<PersonPromptRecord | null> {
  if (v === undefined || v === null) return { value: null };
  const bad = { reason: 'person_prompt_invalid' };
  if (!isObject(v) || typeof v.kind !== 'string' || !TOKEN.test(v.kind)) return bad;
  const base = {
    kind: v.kind,
    held: v.held === true,
    category: null as string | null,
    text: null as string | null,
    text_withheld: null as string | null,
    rule_problems: [] as string[],
    not_asked_reason: null as string | null,
    covered_by_burst: v.covered_by_burst === true,
    notice_reference: null as string | null,
  };
  // The six-character reference the notice showed (engine noticeReference; docs/incidents.md).
  if (v.notice_reference !== undefined && v.notice_reference !== null) {
    if (typeof v.notice_reference !== 'string' || !NOTICE_REFERENCE_PATTERN.test(v.notice_reference))
      return bad;
    base.notice_reference = v.notice_reference;
  }
  if (v.asked === false) {
    if (
      typeof v.not_asked !== 'string' ||
      !v.not_asked.startsWith('[not_asked] ') ||
      v.not_asked.length > 300
    )
      return bad;
    // The reason may carry what a helper (the person's own process) said: its first word when
    // the rest breaks the person-text rule.
    const reason =
      withheldReason(v.not_asked, 'line') === null
        ? v.not_asked
        : `[not_asked] ${(v.not_asked.slice(12).match(/^[a-z_]+/) ?? ['unrecorded'])[0]}`;
    return { value: { ...base, result: 'not_asked', not_asked_reason: reason } };
  }
  if (v.asked !== true || typeof v.result !== 'string' || !TOKEN.test(v.result) || v.result === 'not_asked')
    return bad;
  const out: PersonPromptRecord = { ...base, result: v.result };
  if (v.justification !== undefined && v.justification !== null) {
    const j = v.justification;
    if (!isObject(j) || v.result !== 'justified') return bad;
    const category = optionalString(j.category, 100);
    if ('reason' in category) return bad;
    if (category.value !== null && withheldReason(category.value, 'line') !== null) return bad;
    if (typeof j.text !== 'string' || j.text.length > MAX_JUSTIFICATION_CHARS) return bad;
    out.category = category.value;
    const text = j.text.trim();
    const withheld = withheldReason(text, 'multiline');
    if (withheld !== null) out.text_withheld = withheld;
    else if (text !== '') {
      out.text = text;
      out.rule_problems = justificationProblems(text, { category_label: category.value });
    }
  }
  return { value: out };
}

/** Document 2: `print_job {printer, port, submitted_from, pages, copies, duplex}`. */
export function printJobOf(v: unknown): Out<Record<string, unknown> | null> {
  if (v === undefined || v === null) return { value: null };
  const bad = { reason: 'print_job_invalid' };
  if (!isObject(v)) return bad;
  const withheld: string[] = [];
  const printer = nameField(v.printer, 256, 'printer', withheld);
  const port = nameField(v.port, 256, 'port', withheld);
  const from = nameField(v.submitted_from, 256, 'submitted_from', withheld);
  if ('reason' in printer || 'reason' in port || 'reason' in from) return bad;
  const count = (x: unknown, min: number, max: number) =>
    x === undefined || x === null
      ? null
      : Number.isSafeInteger(x) && (x as number) >= min && (x as number) <= max
        ? x
        : undefined;
  const pages = count(v.pages, 0, 1_000_000);
  const copies = count(v.copies, 1, 10_000);
  if (pages === undefined || copies === undefined) return bad;
  if (v.duplex !== undefined && v.duplex !== null && typeof v.duplex !== 'boolean') return bad;
  return {
    value: {
      printer: printer.value,
      port: port.value,
      submitted_from: from.value,
      pages,
      copies,
      duplex: typeof v.duplex === 'boolean' ? v.duplex : null,
      withheld_fields: withheld,
    },
  };
}

/** Document 2: `process_detail {executable_path, executable_hash, signed_publisher, signature, integrity_level}`. */
export function processDetailOf(v: unknown, maxPath: number): Out<Record<string, unknown> | null> {
  if (v === undefined || v === null) return { value: null };
  const bad = { reason: 'process_detail_invalid' };
  if (!isObject(v)) return bad;
  const withheld: string[] = [];
  const path = nameField(v.executable_path, maxPath, 'executable_path', withheld);
  const publisher = nameField(v.signed_publisher, 256, 'signed_publisher', withheld);
  if ('reason' in path || 'reason' in publisher) return bad;
  const hash = v.executable_hash ?? null;
  if (hash !== null && (typeof hash !== 'string' || !HASH.test(hash))) return bad;
  const enumOf = (x: unknown, set: Set<string>) =>
    x === undefined || x === null ? null : typeof x === 'string' && set.has(x) ? x : undefined;
  const signature = enumOf(v.signature, SIGNATURES);
  const integrity = enumOf(v.integrity_level, INTEGRITY);
  if (signature === undefined || integrity === undefined) return bad;
  return {
    value: {
      executable_path: path.value,
      executable_hash: hash === null ? null : hash.toLowerCase(),
      signed_publisher: publisher.value,
      signature,
      integrity_level: integrity,
      withheld_fields: withheld,
    },
  };
}

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;
const SID = /^S-1-\d{1,20}(-\d{1,20}){0,15}$/;

/**
 * Document 2's detail `file_mime`, `file_owner_sid`, `file_owner_name` (agent `file.mime`,
 * `file.owner_sid`, `file.owner_name`): a malformed type or SID Rejects the event (`file_invalid`);
 * an owner name breaking the person-text rule is withheld (null).
 */
export function fileFactsOf(f: Record<string, unknown>): Out<Record<string, string | null>> {
  const bad = { reason: 'file_invalid' };
  const mime = optionalString(f.mime, 255);
  const sid = optionalString(f.owner_sid, 256);
  const owner = nameField(f.owner_name, 256, 'owner_name', []);
  if ('reason' in mime || 'reason' in sid || 'reason' in owner) return bad;
  if ((mime.value !== null && !MIME.test(mime.value)) || (sid.value !== null && !SID.test(sid.value)))
    return bad;
  return {
    value: {
      file_mime: mime.value === null ? null : mime.value.toLowerCase(),
      file_owner_sid: sid.value,
      file_owner_name: owner.value,
    },
  };
}

/** The endpoint-reported department (`user.department`): a one-line name, withheld otherwise. */
export function departmentOf(user: Record<string, unknown>): Out<string | null> {
  const d = optionalString(user.department, 200);
  if ('reason' in d) return { reason: 'user_invalid' };
  if (d.value === null) return d;
  const trimmed = d.value.trim();
  return { value: trimmed === '' || withheldReason(trimmed, 'line') !== null ? null : trimmed };
}

/**
 * True when `text` has the shape of a masked value: something is masked and no more than eight
 * letters or digits stay clear (snippets: no more than eight digits). Anything else could be the
 * raw value and is never kept.
 */
function looksMasked(text: string, snippet: boolean): boolean {
  if (!text.includes('*')) return false;
  const clear = snippet ? (text.match(/\p{N}/gu) ?? []).length : (text.match(/[\p{L}\p{N}]/gu) ?? []).length;
  return clear <= MAX_CLEAR_CHARS && withheldReason(text, 'line') === null;
}

function maskedList(v: unknown, max: number, snippet: boolean): string[] | null {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.length > MAX_PREVIEWS) return null;
  const out: string[] = [];
  for (const x of v) {
    if (typeof x !== 'string' || x.length > max) return null;
    if (looksMasked(x, snippet)) out.push(x);
  }
  return out;
}

/**
 * Masked previews and snippets of one detector result (agent `detectors[].previews`,
 * `detectors[].snippets`). Dropped after a deletion (document 2); a value that does not look
 * masked is dropped, never stored.
 */
export function previewsOf(detectorId: string, d: Record<string, unknown>): DetectorPreviews | null | 'bad' {
  const values = maskedList(d.previews, MAX_PREVIEW_CHARS, false);
  const snippets = maskedList(d.snippets, MAX_SNIPPET_CHARS, true);
  if (values === null || snippets === null) return 'bad';
  if (values.length === 0 && snippets.length === 0) return null;
  return { detector_id: detectorId, values, snippets };
}

/** At most this many destinations are kept per event, each at most this long. */
const MAX_DESTINATIONS = 4;
export const MAX_DESTINATION_CHARS = 512;

/**
 * Where an event's content went, for the incident `search` (document 2: "destination";
 * docs/incidents.md, "Queue filters"): the agent's `destination` (a host, share or volume label),
 * the removable device's serial and its vendor and model, and the printer of a print job. A
 * `destination` of the wrong type or over 512 characters Rejects the event
 * (`destination_invalid`); one that breaks the person-text rule is left out (a person names
 * volumes and shares), as are the removable device's names that do.
 */
export function destinationsOf(
  e: Record<string, unknown>,
  removable: { serial: string | null; vendor: string | null; model: string | null } | null,
  printer: string | null,
): Out<string[]> {
  const own = optionalString(e.destination, MAX_DESTINATION_CHARS);
  if ('reason' in own) return { reason: 'destination_invalid' };
  const vendorModel = [removable?.vendor, removable?.model].filter((x) => x).join(' ');
  const out: string[] = [];
  for (const d of [own.value, removable?.serial, vendorModel, printer]) {
    const t = typeof d === 'string' ? d.trim() : '';
    if (t === '' || t.length > MAX_DESTINATION_CHARS || withheldReason(t, 'line') !== null) continue;
    if (!out.includes(t)) out.push(t);
  }
  return { value: out.slice(0, MAX_DESTINATIONS) };
}
