import { Type } from 'typebox';
import { Timestamp } from '../../http/schemas.js';

const S = Type.String();
const NullS = Type.Union([S, Type.Null()]);
const NullT = Type.Union([Timestamp, Type.Null()]);

/** A close waiting for (or decided by) a second person (docs/incidents.md, Second-person closes). */
export const CloseRequest = Type.Object(
  {
    id: S,
    target: S,
    from_status: S,
    disposition: S,
    resolution: S,
    note: NullS,
    accepted_until: NullT,
    requested_by_id: S,
    requested_by_email: NullS,
    requested_at: Timestamp,
    state: S,
    decided_by_id: NullS,
    decided_at: NullT,
    decision_note: NullS,
  },
  { additionalProperties: false },
);

/** The 202 answer of a status change that waits for a second person (document 2). */
export const PendingClose = Type.Object(
  { status: S, pending_close: CloseRequest },
  { additionalProperties: false },
);
