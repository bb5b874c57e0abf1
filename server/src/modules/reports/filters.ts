import { type Static, Type } from 'typebox';
import { PersonText } from '../../http/person-text.js';
import { Timestamp } from '../../http/schemas.js';
import type { ReportIncidentQuery } from '../../ports/report-incidents-port.js';

/**
 * A report's stored filters: the allow-list of document 2, each with the incident list's own
 * wire form (sets comma-separated). Anything else — `limit` and `offset` included — is 422 by
 * the closed schema. Values are checked by the incident list's parser when saved (service.ts).
 */
const Set200 = Type.String({ minLength: 1, maxLength: 200 });
const Token = Type.String({ minLength: 1, maxLength: 64 });

export const LastDays = (maximum: number) =>
  Type.Object({ last_days: Type.Integer({ minimum: 1, maximum }) }, { additionalProperties: false });

export const Window = Type.Union([
  LastDays(366),
  Type.Object({ from: Timestamp, to: Timestamp }, { additionalProperties: false }),
]);

export const StoredFilters = Type.Object(
  {
    status: Type.Optional(Set200),
    severity: Type.Optional(Set200),
    channel: Type.Optional(Set200),
    action: Type.Optional(Set200),
    category: Type.Optional(Token),
    username: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    policy_id: Type.Optional(Token),
    search: Type.Optional(PersonText('line', { minLength: 1, maxLength: 500 })),
    open_only: Type.Optional(Type.Boolean()),
    min_risk: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    enforcement: Type.Optional(Token),
    assignee: Type.Optional(Token),
    origin: Type.Optional(Token),
    window: Type.Optional(Window),
    regime: Type.Optional(Token),
    sla: Type.Optional(Token),
    file_state: Type.Optional(Set200),
    device: Type.Optional(Token),
    person: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    anomaly: Type.Optional(Token),
  },
  { additionalProperties: false },
);
export type Filters = Static<typeof StoredFilters>;

export const KINDS = ['list', 'triage_sla', 'policy_effectiveness', 'executive_summary'] as const;
export type ReportKind = (typeof KINDS)[number];

/** Figure kinds group the window's incidents (docs/reports.md, Figure kinds). */
export const FIGURE_GROUPING = {
  triage_sla: 'severity',
  policy_effectiveness: 'policy',
  executive_summary: 'channel',
} as const;

export interface ResolvedWindow {
  from: string | null;
  to: string | null;
  last_days: number | null;
}

/** `window` on incident creation time; `last_days` counts back from the run's clock. */
export function resolveWindow(filters: Filters, now: Date): ResolvedWindow {
  const w = filters.window;
  if (!w) return { from: null, to: null, last_days: null };
  if ('last_days' in w)
    return {
      from: new Date(now.getTime() - w.last_days * 86_400_000).toISOString(),
      to: now.toISOString(),
      last_days: w.last_days,
    };
  return { from: new Date(w.from).toISOString(), to: new Date(w.to).toISOString(), last_days: null };
}

/** The incident query of a list report's stored filters over its resolved window. */
export function incidentQueryOf(filters: Filters, window: ResolvedWindow): ReportIncidentQuery {
  const { window: _w, ...rest } = filters;
  return {
    ...rest,
    ...(window.from ? { created_since: window.from } : {}),
    ...(window.to ? { created_until: window.to } : {}),
  };
}

/** Stored form: keys sorted, so equal filters compare equal (templates, `filters unchanged`). */
export function canonicalFilters(filters: Filters): string {
  const sorted = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
        )
      : v;
  return JSON.stringify(sorted(filters));
}
