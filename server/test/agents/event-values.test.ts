import { expect, it } from 'vitest';
import { EVENT_COLUMNS, eventValues } from '../../src/modules/agent-events/store.js';
import { normaliseEvent } from '../../src/modules/ingest/normalise-event.js';
import { agentEvent } from './event-factory.js';

// The events' multi-row insert binds values by position (eventValues, in EVENT_COLUMNS order):
// each column must get its own field, named here one by one.
it('gives every agent_events column its own field of the event and the batch', () => {
  const raw = agentEvent({ policy: '7d1c2f0e-55aa-4f3b-9c1d-2b3a4c5d6e7f', person: 'dana' });
  (raw.file as Record<string, unknown>).mark_of_the_web = {
    zone_id: 3,
    host: 'downloads.files.example.com',
    referrer_host: 'www.example.org',
  };
  const r = normaliseEvent(raw, new Date('2026-01-15T10:00:00Z'));
  if (!r.ok) throw new Error(r.reason);
  const e = r.event;
  const ctx = {
    tenantId: 'tenant-1',
    deviceId: 'device-1',
    batchId: 'batch-1',
    receivedAt: '2026-01-15T10:00:01.000Z',
    incidentId: 'incident-1',
  };
  const values = eventValues(e, ctx);
  expect(values).toHaveLength(EVENT_COLUMNS.length);
  expect(Object.fromEntries(EVENT_COLUMNS.map((c, i) => [c, values[i]]))).toEqual({
    id: e.id,
    tenant_id: 'tenant-1',
    device_id: 'device-1',
    batch_id: 'batch-1',
    received_at: '2026-01-15T10:00:01.000Z',
    occurred_at: e.occurred_at,
    occurred_at_reported: e.occurred_at_reported,
    channel: e.channel,
    action: e.action,
    requested_action: e.requested_action,
    severity: e.severity,
    decided_by_policy_id: e.decided_by_policy_id,
    evaluated_offline: 0,
    policy_version: e.policy_version,
    user_name: 'dana',
    user_id: e.user_id,
    hostname: e.hostname,
    file_path: e.file.path,
    file_name: e.file.name,
    file_blake3: e.file.blake3,
    file_size_bytes: e.file.size_bytes,
    file_mark_zone: 3,
    file_mark_host: '*.*.example.com',
    file_mark_referrer_host: '*.example.org',
    match_count: e.match_count,
    evidence_requested: e.evidence_requested ? 1 : 0,
    incident_id: 'incident-1',
    payload: e.payload,
    size_bytes: e.size_bytes,
  });
  // Distinct fields really differ, so a swap of two columns would show.
  expect(
    new Set([e.file.path, e.file.name, e.hostname, e.file.blake3, e.mark?.host, e.mark?.referrer_host]).size,
  ).toBe(6);
});

// Issue 23: the stored payload holds what has no column; nothing is stored twice.
it('keeps no column, and none of the kept-apart records, in the stored payload', () => {
  const raw = agentEvent({ policy: '7d1c2f0e-55aa-4f3b-9c1d-2b3a4c5d6e7f', person: 'dana' });
  Object.assign(raw, {
    destination: 'share-01',
    removable_device: { serial: 'S1', vendor: 'V', model: 'M' },
  });
  const r = normaliseEvent(raw, new Date('2026-01-15T10:00:00Z'));
  if (!r.ok) throw new Error(r.reason);
  const keys = Object.keys(JSON.parse(r.event.payload) as Record<string, unknown>);
  const apart = [
    'file',
    'user',
    'mark_of_the_web',
    'person_prompt',
    'previews',
    'destinations',
    'destination',
  ];
  expect(keys.filter((k) => (EVENT_COLUMNS as readonly string[]).includes(k) || apart.includes(k))).toEqual(
    [],
  );
  expect(r.event.payload).not.toContain(r.event.id);
  expect(r.event.payload).not.toContain('dana');
  expect(r.event.payload).not.toContain(r.event.file.blake3 as string);
});
