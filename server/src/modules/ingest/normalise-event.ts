import { isWireAction, normalizeAction } from '@custos/engine';
import type { DetectorPreviews, NormalisedEvent } from '../../ports/normalised-event.js';
import {
  departmentOf,
  destinationsOf,
  fileFactsOf,
  personPromptOf,
  previewsOf,
  printJobOf,
  processDetailOf,
} from './normalise-extras.js';
import { connectionOf, labelAppliedOf } from './normalise-outcomes.js';

export type { NormalisedEvent };

/**
 * Reads one agent event (document 2, Event; docs/agent.md "Events on the wire"): every field is
 * checked on its own so that one bad event is Rejected with a reason and never fails its batch.
 * Only the allow-listed fields are kept: no matched value is stored even if sent; masked previews
 * are kept apart from the payload and shown only after an evidence opening (normalise-extras.ts).
 */
export const RETENTION_MS = 90 * 86_400_000;
/** Document 2: more than a day ahead of the server is placed at its arrival time. */
export const FUTURE_MS = 86_400_000;
export const MAX_EVENT_BYTES = 64 * 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/i;
const CHANNEL = /^[a-z][a-z0-9_]{0,63}$/;
const HEX64 = /^[0-9a-f]{64}$/i;
const SEVERITIES = new Set(['critical', 'high', 'medium', 'low', 'info']);
const DEPARTURES = new Set(['deleted_permanently', 'recycled', 'moved_out', 'deleted']);

export type Normalised =
  | { ok: true; event: NormalisedEvent }
  | { ok: false; event_id: string; reason: string };

function str(v: unknown, max: number): string | null {
  return typeof v === 'string' && v.length > 0 && v.length <= max ? v : null;
}

/** Linux's PATH_MAX; a longer path (a Windows extended-length one) is Rejected, never cut. */
export const MAX_PATH_CHARS = 4096;

/**
 * A kept text field: absent (undefined, null or empty) is null; anything else must be a string
 * within `max`, or the event is Rejected — a value is never replaced by null behind the agent's
 * back. A single value above the whole event's limit is `event_too_large`, as documented.
 */
function keptText(v: unknown, max: number, reason: string): { value: string | null } | { reason: string } {
  if (v === undefined || v === null || v === '') return { value: null };
  if (typeof v !== 'string') return { reason };
  if (v.length > MAX_EVENT_BYTES) return { reason: 'event_too_large' };
  return v.length > max ? { reason } : { value: v };
}

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** `Date.parse` rolls 2024-02-30 over to March 1st; a day the month does not have is invalid. */
function realCalendarDay(text: string): boolean {
  const y = Number(text.slice(0, 4));
  const m = Number(text.slice(5, 7));
  const d = Number(text.slice(8, 10));
  if (m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return d <= (m === 2 && !leap ? 28 : (DAYS[m - 1] as number));
}

/** A policy id, or a rule id `<policy id>:<rule>` reduced to its policy (document 2, matched_policies). */
export function policyIdOf(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  // Most ids arrive bare: a 36-character string holding a separator could not be a UUID anyway.
  const head = v.length === 36 ? v : (v.split(/[:#/]/, 1)[0] ?? '');
  return UUID.test(head) ? head.toLowerCase() : null;
}

function idList(v: unknown): string[] | null {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.length > 200) return null;
  const out: string[] = [];
  for (const x of v) {
    const id = policyIdOf(x);
    if (!id) return null;
    if (!out.includes(id)) out.push(id);
  }
  return out;
}

/**
 * Document 2: mark of the web is stored masked. A host keeps its last two labels and every
 * earlier label becomes `*`; an IPv4 address keeps its first octet, an IPv6 address its first
 * group. Enough to tell an internal share from the internet, not to name the page.
 */
export function maskHost(host: unknown): string | null {
  if (typeof host !== 'string' || host.trim() === '') return null;
  const h = host.trim().toLowerCase().slice(0, 255);
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(h)) return `${h.split('.')[0]}.*.*.*`;
  if (h.includes(':')) return `${h.split(':')[0]}:*`;
  const labels = h.split('.').filter((l) => l !== '');
  if (labels.length <= 2) return labels.map((l, i) => (i === 0 && labels.length === 2 ? '*' : l)).join('.');
  return [...labels.slice(0, -2).map(() => '*'), ...labels.slice(-2)].join('.');
}

function detectorsOf(
  v: unknown,
  afterDeletion: boolean,
): { list: Record<string, unknown>[]; matches: number; previews: DetectorPreviews[] } | null {
  if (v === undefined || v === null) return { list: [], matches: 0, previews: [] };
  if (!Array.isArray(v) || v.length > 200) return null;
  let matches = 0;
  const list: Record<string, unknown>[] = [];
  const previews: DetectorPreviews[] = [];
  for (const d of v) {
    if (!d || typeof d !== 'object') return null;
    const r = d as Record<string, unknown>;
    const id = str(r.detector_id, 200);
    if (!id) return null;
    const count =
      Number.isSafeInteger(r.match_count) && (r.match_count as number) >= 0 ? (r.match_count as number) : 0;
    matches += count;
    // Document 2: after a deletion only detector id, category and match count.
    const kept: Record<string, unknown> = {
      detector_id: id,
      category: str(r.category, 100),
      match_count: count,
    };
    if (!afterDeletion) {
      if (Number.isSafeInteger(r.detector_version)) kept.detector_version = r.detector_version;
      if (Number.isSafeInteger(r.validated_count)) kept.validated_count = r.validated_count;
      if (typeof r.max_confidence === 'number') kept.max_confidence = r.max_confidence;
      const shown = previewsOf(id, r);
      if (shown === 'bad') return null;
      if (shown) previews.push(shown);
    }
    list.push(kept);
  }
  return { list, matches, previews };
}

function reject(eventId: string, reason: string): Normalised {
  return { ok: false, event_id: eventId, reason };
}

export function normaliseEvent(raw: unknown, now: Date): Normalised {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return reject('', 'event_not_an_object');
  const e = raw as Record<string, unknown>;
  const eventId = typeof e.event_id === 'string' ? e.event_id : '';
  if (!UUID.test(eventId)) return reject(eventId.slice(0, 64), 'event_id_invalid');
  const id = eventId.toLowerCase();

  if (
    typeof e.occurred_at !== 'string' ||
    !RFC3339.test(e.occurred_at) ||
    !realCalendarDay(e.occurred_at) ||
    Number.isNaN(Date.parse(e.occurred_at))
  )
    return reject(id, 'occurred_at_invalid');
  const at = Date.parse(e.occurred_at);
  if (at < now.getTime() - RETENTION_MS) return reject(id, 'occurred_at_older_than_retention');
  const future = at > now.getTime() + FUTURE_MS;
  const occurredAt = future ? now.toISOString() : new Date(at).toISOString();

  if (typeof e.channel !== 'string' || !CHANNEL.test(e.channel)) return reject(id, 'channel_invalid');
  const action = e.action ?? 'audit';
  const requested = e.requested_action ?? action;
  if (!isWireAction(action) || !isWireAction(requested)) return reject(id, 'action_invalid');
  const severity = e.severity ?? null;
  if (severity !== null && (typeof severity !== 'string' || !SEVERITIES.has(severity)))
    return reject(id, 'severity_invalid');

  const decided =
    e.decided_by_policy_id === undefined || e.decided_by_policy_id === null
      ? null
      : policyIdOf(e.decided_by_policy_id);
  if (e.decided_by_policy_id != null && decided === null) return reject(id, 'policy_id_invalid');
  const matched = idList(e.matched_policy_ids);
  const superseded = idList(e.superseded_policy_ids);
  if (matched === null || superseded === null) return reject(id, 'policy_id_invalid');
  const testIds: string[] = [];
  const matchedPolicies: Record<string, unknown>[] = [];
  if (Array.isArray(e.matched_policies)) {
    for (const p of e.matched_policies.slice(0, 200)) {
      const r = (p ?? {}) as Record<string, unknown>;
      const pid = policyIdOf(r.policy_id);
      if (!pid) return reject(id, 'policy_id_invalid');
      if (r.test === true) testIds.push(pid);
      if (!matched.includes(pid)) matched.push(pid);
      matchedPolicies.push({
        policy_id: pid,
        version: Number.isSafeInteger(r.version) ? r.version : null,
        severity: typeof r.severity === 'string' && SEVERITIES.has(r.severity) ? r.severity : null,
        action: isWireAction(r.action) ? normalizeAction(r.action) : null,
        test: r.test === true,
      });
    }
  }
  if (decided && !matched.includes(decided)) matched.unshift(decided);

  const user = e.user ?? null;
  if (user !== null && (typeof user !== 'object' || Array.isArray(user))) return reject(id, 'user_invalid');
  const u = (user ?? {}) as Record<string, unknown>;
  const userName = keptText(u.name, 256, 'user_invalid');
  if ('reason' in userName) return reject(id, userName.reason);
  const userId = keptText(u.id, 256, 'user_invalid');
  if ('reason' in userId) return reject(id, userId.reason);
  const department = departmentOf(u);
  if ('reason' in department) return reject(id, department.reason);
  const host = keptText(e.hostname, 255, 'hostname_invalid');
  if ('reason' in host) return reject(id, host.reason);
  const policyVersion = e.policy_version ?? null;
  if (policyVersion !== null && !(Number.isSafeInteger(policyVersion) && (policyVersion as number) >= 0))
    return reject(id, 'policy_version_invalid');

  const file = (e.file ?? null) as Record<string, unknown> | null;
  if (file !== null && (typeof file !== 'object' || Array.isArray(file))) return reject(id, 'file_invalid');
  const f = file ?? {};
  const pathText = keptText(f.path, MAX_PATH_CHARS, 'file_path_invalid');
  if ('reason' in pathText) return reject(id, pathText.reason);
  const fromText = keptText(f.from_path, MAX_PATH_CHARS, 'file_path_invalid');
  if ('reason' in fromText) return reject(id, fromText.reason);
  const nameText = keptText(f.name, 1024, 'file_path_invalid');
  if ('reason' in nameText) return reject(id, nameText.reason);
  const extText = keptText(f.extension, 255, 'file_path_invalid');
  if ('reason' in extText) return reject(id, extText.reason);
  const path = pathText.value;
  const rawHash = f.blake3 ?? null;
  if (rawHash !== null && (typeof rawHash !== 'string' || !HEX64.test(rawHash)))
    return reject(id, 'file_hash_invalid');
  const blake3 = rawHash === null ? null : rawHash.toLowerCase();
  const rawSize = f.size_bytes ?? null;
  if (rawSize !== null && !(Number.isSafeInteger(rawSize) && (rawSize as number) >= 0))
    return reject(id, 'file_size_invalid');
  const sizeBytes = rawSize as number | null;
  const departureRaw = file ? file.departure : undefined;
  const departure =
    typeof departureRaw === 'string' ? (DEPARTURES.has(departureRaw) ? departureRaw : 'deleted') : null;

  let mark: NormalisedEvent['mark'] = null;
  const motw = file?.mark_of_the_web as Record<string, unknown> | undefined;
  if (motw && typeof motw === 'object') {
    const zone =
      Number.isSafeInteger(motw.zone_id) && (motw.zone_id as number) >= 0 && (motw.zone_id as number) <= 4
        ? (motw.zone_id as number)
        : null;
    mark = { zone, host: maskHost(motw.host), referrer_host: maskHost(motw.referrer_host) };
  }

  const detectors = detectorsOf(e.detectors, e.channel === 'file_delete');
  if (detectors === null) return reject(id, 'detectors_invalid');

  const person = personPromptOf(e.person_prompt);
  if ('reason' in person) return reject(id, person.reason);
  const printJob = printJobOf(e.print_job);
  if ('reason' in printJob) return reject(id, printJob.reason);
  const process = processDetailOf(e.process_detail, MAX_PATH_CHARS);
  if ('reason' in process) return reject(id, process.reason);
  const connection = connectionOf(e.connection, MAX_PATH_CHARS);
  if ('reason' in connection) return reject(id, connection.reason);
  const labelApplied = labelAppliedOf(e.label_applied);
  if ('reason' in labelApplied) return reject(id, labelApplied.reason);
  const fileFacts = fileFactsOf(f);
  if ('reason' in fileFacts) return reject(id, fileFacts.reason);

  const explanation = Array.isArray(e.explanation)
    ? e.explanation.slice(0, 50).map((x) => {
        const r = (x ?? {}) as Record<string, unknown>;
        return { code: str(r.code, 100), text: typeof r.text === 'string' ? r.text.slice(0, 500) : null };
      })
    : [];
  const notRead = (e.not_read ?? null) as Record<string, unknown> | null;
  const removable = (e.removable_device ?? null) as Record<string, unknown> | null;
  const removableDevice =
    removable && typeof removable === 'object'
      ? {
          device_class: str(removable.device_class, 64),
          serial: str(removable.serial, 256),
          vendor: str(removable.vendor, 256),
          model: str(removable.model, 256),
        }
      : null;
  const destinations = destinationsOf(
    e,
    removableDevice,
    (printJob.value?.printer as string | null | undefined) ?? null,
  );
  if ('reason' in destinations) return reject(id, destinations.reason);

  const fromPath = fromText.value;
  const rest = {
    explanation,
    detectors: detectors.list,
    matched_policies: matchedPolicies,
    superseded_policy_ids: superseded,
    matched_policy_ids: matched,
    enforcement: e.enforcement === 'reduced_by_capability' ? 'reduced_by_capability' : 'applied',
    user_reason: str(e.user_reason, 100),
    file_extension: extText.value,
    not_read:
      notRead && typeof notRead === 'object'
        ? { cause: str(notRead.cause, 64), reason: str(notRead.reason, 200) }
        : null,
    removable_device: removableDevice,
    from_path: fromPath,
    departure,
    print_job: printJob.value,
    process_detail: process.value,
    connection: connection.value,
    label_applied: labelApplied.value,
    ...fileFacts.value,
  };
  // The limit bounds what is kept: unknown fields are dropped, so only the stored form counts.
  const payload = JSON.stringify(rest);
  const size =
    Buffer.byteLength(payload) +
    Buffer.byteLength(path ?? '') +
    Buffer.byteLength(fromPath ?? '') +
    Buffer.byteLength(nameText.value ?? '') +
    Buffer.byteLength(host.value ?? '') +
    Buffer.byteLength(JSON.stringify(person.value ?? '')) +
    Buffer.byteLength(JSON.stringify(detectors.previews)) +
    512;
  if (size > MAX_EVENT_BYTES) return reject(id, 'event_too_large');

  return {
    ok: true,
    event: {
      id,
      occurred_at: occurredAt,
      occurred_at_reported: future ? e.occurred_at : null,
      channel: e.channel,
      action: normalizeAction(action),
      requested_action: normalizeAction(requested),
      severity,
      decided_by_policy_id: decided,
      matched_policy_ids: matched,
      superseded_policy_ids: superseded,
      test_policy_ids: testIds,
      evaluated_offline: e.evaluated_offline === true,
      policy_version: policyVersion as number | null,
      user_name: userName.value,
      user_id: userId.value,
      hostname: host.value,
      file: {
        path,
        name: nameText.value,
        blake3,
        size_bytes: sizeBytes,
        from_path: fromPath,
        departure,
      },
      mark,
      match_count: detectors.matches,
      evidence_requested: e.evidence_requested === true,
      department: department.value,
      person_prompt: person.value,
      destinations: destinations.value,
      previews: detectors.previews,
      payload,
      detectors: detectors.list,
      size_bytes: size,
    },
  };
}
