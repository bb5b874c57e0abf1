import { type TProperties, Type } from 'typebox';
import { ConditionRef } from '../../http/shared-schemas.js';

/**
 * Response schemas of the policy routes (issue 14: response schemas are allowlists). Every
 * object lists its fields; the serialiser drops anything else. Field lists follow document 1
 * and the engine's `PolicyVersionInput` / `Decision` types.
 */
const S = Type.String();
const Int = Type.Integer();
const Num = Type.Number();
const Bool = Type.Boolean();
const Strings = Type.Array(S);
const Opt = Type.Optional;
const Null = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Obj = <P extends TProperties>(props: P) => Type.Object(props, { additionalProperties: false });

const Target = Obj({
  kind: S,
  source: Obj({ type: S, domain_sid: Opt(S) }),
  object_id: S,
  label: Opt(S),
});

/** Document 1, Scope: the author's dimensions and the compiler-only exclusion lists. */
export const ScopeSchema = Obj({
  departments: Opt(Strings),
  channels: Opt(Strings),
  operating_systems: Opt(Strings),
  destinations: Opt(Strings),
  sources: Opt(Strings),
  applications: Opt(Strings),
  user_ids: Opt(Strings),
  groups: Opt(Strings),
  device_ids: Opt(Strings),
  agent_groups: Opt(Strings),
  include_targets: Opt(Type.Array(Target)),
  exclude_targets: Opt(Type.Array(Target)),
  exclude_groups: Opt(Strings),
  exclude_device_ids: Opt(Strings),
  exclude_agent_groups: Opt(Strings),
});

const Languages = Obj({ en: Opt(S), az: Opt(S), ru: Opt(S), tr: Opt(S) });

/** A stored policy version as the console reads it (`versionView`). */
export const PolicyVersionSchema = Obj({
  id: S,
  policy_id: S,
  tenant_id: S,
  number: Int,
  version: Int,
  status: S,
  created_at: S,
  created_by: S,
  submitted_by: Null(S),
  approved_by: Null(S),
  published_by: Null(S),
  name: S,
  description: Opt(S),
  owner: Opt(S),
  mode: Opt(S),
  severity: S,
  priority: Opt(Int),
  group: Opt(Null(S)),
  scope: ScopeSchema,
  condition: ConditionRef,
  exceptions: Opt(
    Type.Array(
      Obj({
        id: S,
        reason: S,
        approved_by: S,
        expires_at: Opt(Null(S)),
        scope: ScopeSchema,
        downgrade_to: Opt(Null(S)),
      }),
    ),
  ),
  response: S,
  offline_response: Opt(Null(S)),
  evidence: Opt(
    Obj({
      metadata: Opt(Bool),
      redacted_previews: Opt(Bool),
      context_snippets: Opt(Bool),
      full_file: Opt(Bool),
    }),
  ),
  schedule: Opt(
    Null(Obj({ timezone: S, days_of_week: Type.Array(Int), start_minute: Int, end_minute: Int })),
  ),
  conflict_strategy: Opt(S),
  change_reason: S,
  notifications: Opt(
    Obj({
      user_message: Opt(Null(S)),
      prompt_message_id: Opt(Null(S)),
      user_messages: Opt(Languages),
      justification: Opt(Obj({ reasons: Opt(Strings), free_text: Opt(Bool), min_chars: Opt(Int) })),
    }),
  ),
  risk_thresholds: Opt(Null(Obj({ below: S, steps: Type.Array(Obj({ at_or_above: Num, action: S })) }))),
  apply_label: Opt(Null(Obj({ value: S, replace_existing: Opt(Bool) }))),
  raise_every_match: Opt(Bool),
  connection: Opt(
    Null(
      Obj({
        mode: S,
        applications: Strings,
        destinations: Type.Array(Obj({ address: S, ports: Opt(Type.Array(Int)) })),
      }),
    ),
  ),
  effective_from: Opt(Null(S)),
  effective_until: Opt(Null(S)),
  sandbox: Opt(Bool),
});

const PendingDisable = Obj({
  id: S,
  version: Int,
  requested_by_id: S,
  requested_by: Null(S),
  requested_at: S,
  reason: S,
});

/** `GET /policies` rows and `GET /policies/{id}` (rows.ts). */
export const PolicyRowSchema = Obj({
  id: S,
  number: Int,
  display_number: S,
  name: S,
  severity: S,
  group: Null(S),
  effective_group: Null(S),
  position: Int,
  disabled: Bool,
  latest_version: Int,
  published_version: Null(Int),
  deployment: S,
  enforcement_7d: Obj({ events: Int, reduced: Int, incidents: Int }),
  record: Obj({ closed: Int, false_positives: Int, false_positive_rate: Null(Num), needs_review: Bool }),
  pending: Null(Obj({ author: S, submitter: Null(S), time: S })),
  pending_disable: Null(PendingDisable),
});

/** `GET /policies/inventory` (inventory.ts). */
export const InventorySchema = Obj({
  items: Type.Array(
    Obj({
      id: S,
      number: Int,
      name: S,
      severity: S,
      family: S,
      group: Null(S),
      effective_group: Null(S),
      status: S,
      deployment: S,
      priority: Int,
      response: Null(S),
      offline_response: Null(S),
      scope: S,
      owner: Null(S),
      version: Int,
      updated_at: S,
      attention: Obj({ cannot_fire: Bool, needs_review: Bool }),
      pending_disable: Bool,
    }),
  ),
  total: Int,
  limit: Int,
  offset: Int,
  unfiltered_total: Int,
  complete_order: Bool,
  owners: Strings,
  attention: Obj({ cannot_fire: Int, needs_review: Int }),
  counts: Obj({ active: Int, drafts: Int, awaiting_approval: Int, changes_unpublished: Int }),
});

/** A release warning (engine `ReleaseWarning`): scope values or channels, never people. */
// Typed `unknown` for the handlers (the release services keep `unknown[]`); the schema is closed.
export const CoverageWarningSchema = Type.Unsafe<unknown>(
  Obj({ kind: S, values: Strings, message: S, exception_id: Opt(S) }),
);

const ActionPair = Obj({ this: S, other: S });
/** An overlap with another published policy (overlap.ts). */
export const OverlapWarningSchema = Type.Unsafe<unknown>(
  Obj({
    kind: S,
    policy_id: S,
    policy_number: Int,
    policy_name: S,
    detectors: Strings,
    classifications: Strings,
    categories: Strings,
    removable_device: Bool,
    response: ActionPair,
    offline_response: ActionPair,
    message: S,
  }),
);

/** `GET /policies/{id}/lifecycle` (lifecycle-view.ts, deployment-bands.ts). */
export const LifecycleSchema = Obj({
  policy_id: S,
  number: Int,
  deployment: S,
  versions: Type.Array(
    Obj({
      version: Int,
      status: S,
      change_reason: S,
      created_at: S,
      author: S,
      submitter: Null(S),
      approver: Null(S),
      publisher: Null(S),
      actions: Type.Array(Obj({ action: S, allowed: Bool, reason: Null(S) })),
      deployment_bands: Null(
        Obj({
          current: Int,
          behind: Int,
          offline: Int,
          offline_current: Int,
          unknown: Int,
          upgrade_required: Int,
          unsupported: Int,
          capabilities_unknown: Int,
        }),
      ),
    }),
  ),
  coverage_warnings: Type.Array(CoverageWarningSchema),
  overlap_warnings: Type.Array(OverlapWarningSchema),
});

/** `POST /policies/scope-preview` (scope-preview.ts): counts only. */
export const ScopePreviewSchema = Obj({
  eligible_endpoints: Int,
  active_endpoints: Int,
  ineligible: Obj({
    platform_not_in_scope: Int,
    endpoint_not_targeted: Int,
    endpoint_group_not_targeted: Int,
    excluded: Int,
  }),
  whole_fleet: Bool,
  user_membership: Opt(S),
  unresolved_targets: Type.Array(Obj({ kind: S, object_id: S })),
  directories: Type.Array(Obj({ domain_sid: S, verification: S, last_verified_at: Null(S) })),
});

const Explanation = Type.Array(Obj({ code: S, text: S }));
const AppliedException = Obj({ exception_id: S, approved_by: S, effect: S, downgrade_to: Null(S) });
const RiskFactor = Obj({ name: S, points: Num });

/** `POST /policies/simulate` (simulate.ts; engine `Decision`): ids and codes, never matched values. */
export const SimulationSchema = Obj({
  outcome: S,
  final_action: Null(S),
  requested_action: Null(S),
  decided_by_policy_id: Null(S),
  matched_policies: Type.Array(
    Obj({
      policy_id: S,
      policy_number: Int,
      version: Int,
      priority: Int,
      severity: S,
      test: Bool,
      standing_action: S,
      action: Null(S),
      exception: Null(AppliedException),
      risk_step: Null(Obj({ at_or_above: Null(Num), action: S })),
      label: Null(Obj({ value: S, replace_existing: Bool })),
      raise_every_match: Bool,
      evidence: Type.Array(
        Obj({
          path: S,
          op: S,
          value: S,
          code: S,
          coordinate: Opt(Obj({ classification_id: S, classification_version: Int, revision: Int })),
          rule_id: Opt(S),
          element_ids: Opt(Strings),
          detector_ids: Opt(Strings),
          corpus_id: Opt(S),
          corpus_version: Opt(Int),
          coverage: Opt(Num),
        }),
      ),
      explanation: Explanation,
    }),
  ),
  not_matched: Type.Array(Obj({ policy_id: S, stage: S, code: S, text: S })),
  exception_applied: Null(
    Obj({ exception_id: S, approved_by: S, effect: S, downgrade_to: Null(S), policy_id: S }),
  ),
  conflict: Null(Obj({ strategy: S, strategy_policy_id: S, winner_policy_id: S, candidates: Int })),
  superseded_policy_ids: Strings,
  risk: Null(
    Obj({
      score: Num,
      band: S,
      model_version: S,
      factors: Type.Array(RiskFactor),
      top_factors: Type.Array(RiskFactor),
      undetermined: Strings,
    }),
  ),
  explanation: Explanation,
  evaluation_duration_ms: Num,
  endpoint: Opt(
    Obj({ id: S, hostname: Null(S), os: Null(S), group: Null(S), last_seen_at: Null(S), online: Bool }),
  ),
});

/** `POST /policies/{id}/enabled` 200 and the disable approval. */
export const SwitchedSchema = Obj({ policy_id: S, enabled: Bool, status: S, bundle_version: Null(Int) });
/** `POST /policies/{id}/enabled` 202: a governed disable waits for a second person. */
export const SwitchRequestedSchema = Obj({ status: S, request_id: S, bundle_version: Type.Null() });
/** `POST /policies/{id}/group`. */
export const GroupSetSchema = Obj({ policy_id: S, group: Null(S) });

/** Publish, approve and rollback answers (release-service.ts). */
export const ReleaseSchema = Type.Object(
  {
    policy_id: Type.Optional(Type.String()),
    version: Type.Optional(Type.Integer()),
    status: Type.String(),
    bundle_version: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    coverage_warnings: Type.Optional(Type.Array(CoverageWarningSchema)),
    overlap_warnings: Type.Optional(Type.Array(OverlapWarningSchema)),
    policy_disabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
