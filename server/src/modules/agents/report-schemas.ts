import { KNOWN_CHANNELS } from '@custos/engine';
import { type TProperties, Type } from 'typebox';
import { conform } from '../../http/conform.js';

/**
 * What the console is shown of an agent's own reports (issue 14: response schemas are
 * allowlists). The agent sends capabilities and health as it likes (document 2 leaves them
 * open; docs/agent.md gives ours); the console gets the listed fields only, each of its type.
 */
const Opt = Type.Optional;
const S = Type.String();
const Int = Type.Integer();
const Obj = <P extends TProperties>(props: P) => Type.Object(props, { additionalProperties: false });
const Null = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

const ChannelCapability = Obj({
  observe: Type.Boolean(),
  block: Type.Boolean(),
  notify: Type.Boolean(),
  reason: Opt(Null(S)),
});

/** The capability matrix (docs/agent.md, Capabilities): channels listed by the known vocabulary. */
export const CapabilitiesSchema = Obj({
  os: Opt(S),
  os_version: Opt(S),
  agent_version: Opt(S),
  channels: Opt(Obj(Object.fromEntries(KNOWN_CHANNELS.map((c) => [c, Opt(ChannelCapability)])))),
  scope_attributes: Opt(Type.Array(S)),
  features: Opt(Type.Array(S)),
});

/** Check-in health (docs/agent.md): queue figures, the last bundle refusal, filters, state. */
export const HealthSchema = Obj({
  queue_depth: Opt(Int),
  queue_overflow_refused: Opt(Int),
  queue_overflow_dropped: Opt(Int),
  events_rejected: Opt(Int),
  bundle_refusal: Opt(Null(Obj({ code: S, offered_version: Opt(Null(Int)) }))),
  // The last refused trust update (docs/signing-keys.md), null once one is accepted.
  policy_trust_refusal: Opt(Null(Obj({ code: S, offered_version: Opt(Null(Int)) }))),
  clock_offset_ms: Opt(Type.Number()),
  connection_filters: Opt(Obj({ wanted: Int, in_force: Int, reason: Null(S) })),
  network_location: Opt(Null(S)),
  state: Opt(S),
  // What the agent cannot watch or open (docs/agent.md, What the agent cannot see): at most 20.
  unwatchable_paths: Opt(
    Obj({
      total: Int,
      items: Type.Array(Obj({ path: S, via: S, cause: S, code: Null(S), since: S }), { maxItems: 20 }),
    }),
  ),
});

/** The stored report (JSON text) fitted to its schema; unreadable text shows as `{}`. */
export function shownReport(schema: typeof CapabilitiesSchema | typeof HealthSchema, stored: string) {
  let raw: unknown;
  try {
    raw = JSON.parse(stored);
  } catch {
    raw = {};
  }
  return conform<Record<string, unknown>>(schema, raw, {});
}
