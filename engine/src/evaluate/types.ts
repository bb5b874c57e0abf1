import type { DetectorFinding } from '../detectors/types.js';
import type { FingerprintProbes } from '../fingerprints/bundle-corpora.js';
import type { Action, Severity } from '../policy/actions.js';
import type { ClassificationCoordinate, NetworkLocation } from '../policy/condition-types.js';
import type { ConflictStrategy } from '../policy/policy-types.js';

/** Content as the scanner left it: findings, or a bounded reason why the content was not read. */
export type DecisionContent =
  | {
      status: 'read';
      findings: readonly DetectorFinding[];
      /** What the content carries of each shipped fingerprint corpus (`probeCorpora`); absent: none. */
      fingerprints?: FingerprintProbes;
    }
  | { status: 'not_read'; reason: string };

export interface DecisionFile {
  path?: string | null;
  /** Without the leading dot. */
  extension?: string | null;
  mime?: string | null;
  size_bytes?: number | null;
  /** Labels read from the file; null when they could not be read. */
  labels?: readonly string[] | null;
  owner_sid?: string | null;
  /** Resolved owner name; absent when the lookup failed (never guessed). */
  owner_name?: string | null;
}

/** The removable destination of an event. A phone carries a class only, never a serial. */
export interface RemovableDestination {
  serial?: string | null;
  device_class: string;
}

/** What happened, as the sensors saw it. Nothing here is read by the engine from the system. */
export interface DecisionEvent {
  channel: string;
  content: DecisionContent;
  destination?: { domain?: string | null; address?: string | null } | null;
  source_path?: string | null;
  /** Executable name or path of the acting application. */
  application?: string | null;
  file?: DecisionFile | null;
  removable?: RemovableDestination | null;
}

export interface DecisionUser {
  /** Interactive account SID. */
  sid?: string | null;
  /** Legacy user name (e.g. `CORP\alice`). */
  name?: string | null;
  /**
   * Enabled groups from the logon token, each as SID and (once looked up) `DOMAIN\Name`. Null or
   * absent when not supplied (Linux, or more than one person signed in): a group-scoped rule then
   * matches nobody (document 1, evaluation rule 7).
   */
  groups?: readonly { sid: string; name?: string | null }[] | null;
}

export interface DecisionDevice {
  id: string;
  os: string;
  agent_group?: string | null;
}

/** One channel of the endpoint's own capability report (the agent's capability matrix). */
export interface ChannelCapabilityReport {
  observe: boolean;
  block: boolean;
  notify: boolean;
  /** Can move the content into quarantine; absent means no. */
  quarantine?: boolean;
}

/**
 * What the endpoint reports it can do (document 1, evaluation rule 3: the endpoint's own report,
 * not a platform property). The agent passes its capability matrix as is; `features` carries
 * version-gated names such as `warn_with_continue` and `approval_required`.
 */
export interface EndpointCapabilities {
  channels: Readonly<Record<string, ChannelCapabilityReport>>;
  features?: readonly string[];
}

/**
 * Risk inputs (document 1, evaluation rules 5 and 10). The three trust inputs are three-valued:
 * null or absent is unknown and scored at the midpoint.
 */
export interface RiskInputs {
  destination_trust?: 'trusted' | 'untrusted' | null;
  application_managed?: boolean | null;
  privilege_level?: 'standard' | 'elevated' | null;
  /** Justified passes plus refused bypass codes of the person in the 30 days before the event. */
  bypass_attempts?: number;
  /** The server holds an approved exception for this device and content, in force now. */
  approved_exception?: boolean;
  /** A deletion or move out of view joined the incident within 15 minutes of first sighting. */
  departure_soon_after_detection?: boolean;
}

export interface DecisionContext {
  /** The caller's clock; the engine never reads one. */
  now: Date;
  /** Evaluated without server context; passed through as `evaluated_offline`. */
  offline?: boolean;
  device: DecisionDevice;
  user?: DecisionUser | null;
  /** Null or absent when the endpoint reported no location. */
  network_location?: NetworkLocation | null;
  /** Absent when deciding without an endpoint (simulation): nothing is clamped. */
  capabilities?: EndpointCapabilities | null;
  /** Absent when nothing scored the event: thresholds fall back to the standing action. */
  risk?: RiskInputs | null;
  /** Also list every policy that did not match with the stage that stopped it (simulation). */
  explain_unmatched?: boolean;
  /**
   * Approved exception requests the endpoint verified for this very operation (same file content,
   * channel and destination: `decisionReleases`). A policy named by one in force at `now` is
   * lowered to audit: the operation goes ahead and is still recorded.
   */
  approvals?: readonly ApprovalInForce[] | null;
}

/** A verified, signed approval of an exception request (docs/exception-requests.md). */
export interface ApprovalInForce {
  policy_id: string;
  /** The request's reference (`EXC-…`), recorded as the exception id. */
  reference: string;
  approved_by: string;
  expires_at: string;
}

/** One explanation line: a stable reason code and bounded text that never carries a matched value. */
export interface ExplanationLine {
  code: string;
  text: string;
}

export type Tri = 'true' | 'false' | 'not_evaluated';

/** Evidence for one leaf of a condition: ids and codes, never values. */
export interface ConditionEvidence {
  /** Node path inside the condition, e.g. `condition.nodes[0]`. */
  path: string;
  op: string;
  value: Tri;
  code: string;
  coordinate?: ClassificationCoordinate;
  rule_id?: string;
  element_ids?: string[];
  detector_ids?: string[];
  /** A fingerprint node: the corpus, the version matched against, and the covered share (0..1). */
  corpus_id?: string;
  corpus_version?: number;
  coverage?: number;
}

export interface AppliedException {
  exception_id: string;
  approved_by: string;
  effect: 'suppress' | 'downgrade';
  downgrade_to: Action | null;
}

export interface RiskFactor {
  name: string;
  /** Signed contribution to the score. */
  points: number;
}

export type RiskBand = 'low' | 'medium' | 'high' | 'critical';

export interface RiskAssessment {
  score: number;
  band: RiskBand;
  model_version: string;
  /** Every factor that moved the score (never one that contributed nothing). */
  factors: RiskFactor[];
  /** The three factors that moved the score most. */
  top_factors: RiskFactor[];
  /** Inputs that could not be determined and were scored at the midpoint. */
  undetermined: string[];
}

export interface RiskStepFired {
  /** Null when the score fell under every step and `below` applied. */
  at_or_above: number | null;
  action: Action;
}

/** The outcome of one policy that passed scope, status, schedule and condition. */
export interface PolicyOutcome {
  policy_id: string;
  policy_number: number;
  version: number;
  priority: number;
  severity: Severity;
  test: boolean;
  /** The policy's own action (offline_response when offline and set). */
  standing_action: Action;
  /** After exception and risk; null when an exception suppressed the policy. */
  action: Action | null;
  exception: AppliedException | null;
  risk_step: RiskStepFired | null;
  label: { value: string; replace_existing: boolean } | null;
  raise_every_match: boolean;
  evidence: ConditionEvidence[];
  explanation: ExplanationLine[];
}

export interface ConflictResolution {
  strategy: ConflictStrategy;
  /** The highest-priority policy with an action, whose strategy was used. */
  strategy_policy_id: string;
  winner_policy_id: string;
  candidates: number;
}

export interface ClampResult {
  limited: boolean;
  channel: string;
  /** Bounded text naming the limit, or null when nothing was reduced. */
  limit: string | null;
}

export interface UnmatchedPolicy {
  policy_id: string;
  stage: 'scope' | 'status' | 'schedule' | 'condition';
  code: string;
  /** Why, for a person ("not in scope: endpoint group …"); fixed text, never a matched value. */
  text: string;
}

/** The answer of `decide`; serialisable, safe to send to the server. See docs/policy-model.md. */
export interface Decision {
  outcome: 'no_match' | 'suppressed' | 'action';
  /** After capability clamping; null when no policy produced an action. */
  action: Action | null;
  /** Before clamping. */
  requested_action: Action | null;
  decided_by_policy_id: string | null;
  matched_policies: PolicyOutcome[];
  superseded_policy_ids: string[];
  conflict: ConflictResolution | null;
  /** The exception of the deciding policy, or of the first suppressed policy when all were suppressed. */
  exception_applied: (AppliedException & { policy_id: string }) | null;
  risk: RiskAssessment | null;
  clamp: ClampResult | null;
  label: { value: string; replace_existing: boolean; policy_id: string } | null;
  evaluated_offline: boolean;
  explanation: ExplanationLine[];
  not_matched?: UnmatchedPolicy[];
}
