import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type SignedIn, signInAs } from '../helpers/index.js';
import { cloneIncidents } from '../incidents/many-incidents.js';
import { startTriage, type Triage } from '../incidents/triage-harness.js';

/** A tenant with real incidents (through ingest), its Owner, two analysts, an auditor and another tenant's Owner. */
export interface Reports {
  t: Triage;
  owner: SignedIn;
  asker: SignedIn;
  approver: SignedIn;
  auditor: SignedIn;
  stranger: SignedIn;
  call(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    who?: SignedIn,
    body?: unknown,
  ): Promise<LightMyRequestResponse>;
  /** Creates a report and returns its id. */
  report(body?: Record<string, unknown>, who?: SignedIn): Promise<string>;
  /** Adds `count` copies of the first incident (many-incidents.ts), numbered from its number + `first`. */
  copies(count: number, first?: number): Promise<void>;
  threshold(rows: number | null): Promise<void>;
  close(): Promise<void>;
}

export async function startReports(): Promise<Reports> {
  const t = await startTriage();
  const ctx = t.h.ctx;
  const tenant = t.h.owner.tenantSlug;
  const asker = await signInAs(ctx, { role: 'security_analyst', tenant });
  const approver = await signInAs(ctx, { role: 'security_analyst', tenant });
  const auditor = await signInAs(ctx, { role: 'auditor', tenant });
  const stranger = await signInAs(ctx, { role: 'owner' });
  const r: Reports = {
    t,
    owner: t.h.owner,
    asker,
    approver,
    auditor,
    stranger,
    call: (method, url, who = t.h.owner, body) =>
      ctx.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: who.headers,
        ...(body === undefined ? {} : { payload: body as object }),
      }),
    async report(body = {}, who = t.h.owner) {
      const res = await r.call('POST', '/reports', who, { name: 'Weekly', ...body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    },
    async copies(count, first = 1_000) {
      const source = await ctx.db
        .selectFrom('incidents')
        .select('id')
        .orderBy('number')
        .executeTakeFirstOrThrow();
      await cloneIncidents(ctx.db, source.id, count, first);
    },
    async threshold(rows) {
      const res = await r.call('POST', '/settings/report-exports', t.h.owner, {
        approval_above_rows: rows,
        reason: 'Large exports need a second person.',
      });
      expect(res.statusCode, res.body).toBe(200);
    },
    close: () => t.close(),
  };
  return r;
}

/** An RFC 4180 reader, independent of the writer: quoted fields, doubled quotes, CRLF records. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += ch;
  }
  return records;
}
