import type { Principal } from '../../http/principal.js';
import type { ServiceContext } from '../../service-context.js';
import { incidentPreviewRows, justificationGroups } from '../agent-events/public.js';
import { previewsOpen } from '../evidence/public.js';

/** Document 2, Justifications: groups shown in the detail (the rest are counted). */
const JUSTIFICATION_GROUPS = 50;
/** How many of the newest events' previews the detail reads, and distinct values per detector. */
const PREVIEW_ROWS = 1_000;
const PREVIEWS_PER_DETECTOR = 10;

/** The incident's prompt answers grouped by answer, most operations first (docs/incidents.md). */
export async function justificationsOf(ctx: ServiceContext, incidentId: string) {
  const { rows, total } = await justificationGroups(ctx.db, incidentId, JUSTIFICATION_GROUPS);
  return {
    justifications: rows.map((r) => ({
      result: r.result,
      kind: r.kind,
      category: r.category,
      text: r.answer_text,
      text_withheld: r.text_withheld,
      not_asked_reason: r.not_asked_reason,
      rule_problems: JSON.parse(r.rule_problems) as string[],
      operations: r.operations,
      burst_operations: r.burst_operations,
      held_operations: r.held_operations,
      first_at: r.first_at,
      last_at: r.last_at,
    })),
    justifications_total: total,
  };
}

export interface Previews {
  values: string[];
  snippets: string[];
}

/**
 * Masked previews per detector, only while this person's evidence opening of the incident holds
 * (docs/evidence.md, 30-minute window); `null` means withheld. Distinct values, newest first.
 */
export async function previewsOf(
  ctx: ServiceContext,
  principal: Principal,
  incidentId: string,
): Promise<Map<string, Previews> | null> {
  if (!(await previewsOpen(ctx, principal, incidentId))) return null;
  const out = new Map<string, Previews>();
  for (const r of await incidentPreviewRows(ctx.db, incidentId, PREVIEW_ROWS)) {
    const p = JSON.parse(r.previews) as Previews;
    const cur = out.get(r.detector_id) ?? { values: [], snippets: [] };
    for (const v of p.values)
      if (cur.values.length < PREVIEWS_PER_DETECTOR && !cur.values.includes(v)) cur.values.push(v);
    for (const v of p.snippets)
      if (cur.snippets.length < PREVIEWS_PER_DETECTOR && !cur.snippets.includes(v)) cur.snippets.push(v);
    out.set(r.detector_id, cur);
  }
  return out;
}

/**
 * Document 2's detail facts read from the incident's newest events (newest first): `confidence`
 * (the highest detector confidence reported, null when none), `process_name` (the file name of
 * the newest `process_detail.executable_path`) and the newest file type and owner reported.
 */
export function eventFacts(payloads: readonly { payload: string }[]) {
  let confidence: number | null = null;
  const facts = {
    process_name: null as string | null,
    file_mime: null as string | null,
    file_owner_sid: null as string | null,
    file_owner_name: null as string | null,
  };
  for (const p of payloads) {
    const body = JSON.parse(p.payload) as Record<string, unknown>;
    for (const d of (body.detectors as { max_confidence?: number }[] | undefined) ?? [])
      if (typeof d.max_confidence === 'number') confidence = Math.max(confidence ?? 0, d.max_confidence);
    const path = (body.process_detail as { executable_path?: string | null } | null)?.executable_path;
    if (facts.process_name === null && path) facts.process_name = path.split(/[\\/]/).pop() || null;
    for (const k of ['file_mime', 'file_owner_sid', 'file_owner_name'] as const)
      if (facts[k] === null && typeof body[k] === 'string') facts[k] = body[k] as string;
  }
  return { confidence, ...facts };
}
