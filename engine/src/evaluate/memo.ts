/**
 * Per-decision memo (issue 24, decision speed). Policies of one bundle often repeat a condition
 * or a scope word for word (one template per channel, per group, per severity). `prepare` gives
 * every distinct condition and every distinct scope a slot; within one decision the value and
 * evidence of a condition, and the result of a scope, depend only on the event and the context,
 * so each slot is worked out once and handed to every policy that shares it.
 *
 * The arrays belong to the prepared bundle and are reused from decision to decision through a
 * generation stamp, so a decision allocates nothing for the memo itself. `decide` is synchronous
 * and never re-entered, so one memo per bundle is enough.
 */
import type { ConditionNode } from '../policy/condition-types.js';
import { type ConditionInput, evaluateCondition } from './condition.js';
import { matchScope, type PreparedScope, type ScopeResult } from './scope.js';
import type { ConditionEvidence, DecisionContext, DecisionEvent, ExplanationLine, Tri } from './types.js';

const TRI: readonly Tri[] = ['false', 'true', 'not_evaluated'];

/** The policy is passed whole: its condition is read only when the slot is not known yet. */
interface WithCondition {
  readonly spec: { readonly condition: ConditionNode };
}

/**
 * Reused arrays a decision fills as it walks the policies and copies out at its end: per match
 * (position, action code, exception) and per conflict candidate, by index into the
 * matches (published and test apart), with its action code.
 */
export interface MatchScratch {
  readonly positions: number[];
  readonly actions: number[];
  readonly exceptions: unknown[];
  readonly candidates: Int32Array;
  /** The index's answer (`candidatePolicies`). */
  readonly possible: Int32Array;
  readonly candidateActions: Uint8Array;
  readonly tests: Int32Array;
  readonly testActions: Uint8Array;
}

export class DecisionMemo {
  private generation = 0;
  private readonly valueAt: Int32Array;
  private readonly values: Uint8Array;
  private readonly evidenceAt: Int32Array;
  private readonly evidence: (readonly ConditionEvidence[] | undefined)[];
  private readonly scopeAt: Int32Array;
  private readonly scopes: (ScopeResult | undefined)[];
  /** Index checks per slot (`candidatePolicies`): 1 possible, 2 certain miss. */
  private readonly possibleCondition: Uint8Array;
  private readonly possibleCondAt: Int32Array;
  private readonly possibleScope: Uint8Array;
  private readonly possibleScopeAt: Int32Array;
  /** Explanation lines that depend only on the decision's risk, by step. */
  private readonly riskLines = new Map<number | null, (ExplanationLine | undefined)[]>();

  /** Per-decision scratch of the matches and candidates (`decide`), sized to the policies. */
  private matchScratch: MatchScratch | null = null;

  scratch(policies: number): MatchScratch {
    if (!this.matchScratch || this.matchScratch.candidates.length < policies)
      this.matchScratch = {
        // Plain arrays of small integers: a decision's copy of them stays on the heap.
        positions: new Array<number>(policies).fill(0),
        actions: new Array<number>(policies).fill(0),
        exceptions: new Array(policies).fill(null),
        candidates: new Int32Array(policies),
        possible: new Int32Array(policies),
        candidateActions: new Uint8Array(policies),
        tests: new Int32Array(policies),
        testActions: new Uint8Array(policies),
      };
    return this.matchScratch;
  }

  constructor(conditionSlots: number, scopeSlots: number) {
    this.valueAt = new Int32Array(conditionSlots);
    this.values = new Uint8Array(conditionSlots);
    this.evidenceAt = new Int32Array(conditionSlots);
    this.evidence = new Array(conditionSlots).fill(undefined);
    this.scopeAt = new Int32Array(scopeSlots);
    this.scopes = new Array(scopeSlots).fill(undefined);
    this.possibleCondition = new Uint8Array(conditionSlots);
    this.possibleCondAt = new Int32Array(conditionSlots);
    this.possibleScope = new Uint8Array(scopeSlots);
    this.possibleScopeAt = new Int32Array(scopeSlots);
  }

  /** Starts a decision: every slot computed before is stale from here on. */
  begin(): void {
    this.generation += 1;
    if (this.generation === 0x7fffffff) {
      this.valueAt.fill(0);
      this.evidenceAt.fill(0);
      this.scopeAt.fill(0);
      this.possibleCondAt.fill(0);
      this.possibleScopeAt.fill(0);
      this.generation = 1;
    }
    if (this.riskLines.size > 0) this.riskLines.clear();
  }

  /** Index check of a condition slot this decision (`candidatePolicies`): 0 unknown, 1 possible, 2 certain miss. */
  conditionPossible(slot: number): number {
    return this.possibleCondAt[slot] === this.generation ? this.possibleCondition[slot]! : 0;
  }

  setConditionPossible(slot: number, possible: boolean): void {
    this.possibleCondition[slot] = possible ? 1 : 2;
    this.possibleCondAt[slot] = this.generation;
  }

  /** Index check of a scope slot (endpoint and endpoint group) this decision: as above. */
  scopePossible(slot: number): number {
    return this.possibleScopeAt[slot] === this.generation ? this.possibleScope[slot]! : 0;
  }

  setScopePossible(slot: number, possible: boolean): void {
    this.possibleScope[slot] = possible ? 1 : 2;
    this.possibleScopeAt[slot] = this.generation;
  }

  /**
   * The line of a risk step fired in this decision (it depends only on the decision's risk and
   * the step: threshold and action strength), once built; undefined before.
   */
  riskLine(atOrAbove: number | null, strength: number): ExplanationLine | undefined {
    return this.riskLines.get(atOrAbove)?.[strength];
  }

  setRiskLine(atOrAbove: number | null, strength: number, line: ExplanationLine): void {
    let byStrength = this.riskLines.get(atOrAbove);
    if (!byStrength) {
      byStrength = [];
      this.riskLines.set(atOrAbove, byStrength);
    }
    byStrength[strength] = Object.freeze(line);
  }

  /** The condition's three-valued result, without evidence (most policies do not match). */
  value(slot: number, policy: WithCondition, input: ConditionInput): Tri {
    if (this.valueAt[slot] === this.generation) return TRI[this.values[slot]!]!;
    const v = evaluateCondition(policy.spec.condition, 'condition', input, null);
    this.values[slot] = v === 'false' ? 0 : v === 'true' ? 1 : 2;
    this.valueAt[slot] = this.generation;
    return v;
  }

  /**
   * The evidence of a matched condition. Entries are frozen because policies sharing the slot
   * share them; each outcome gets its own array.
   */
  evidenceOf(slot: number, policy: WithCondition, input: ConditionInput): ConditionEvidence[] {
    return this.sharedEvidence(slot, policy, input).slice();
  }

  /**
   * The slot's evidence array itself, not copied (its entries frozen). A later decision that
   * works the slot out again writes a new array, so one kept by a decision never changes.
   */
  sharedEvidence(slot: number, policy: WithCondition, input: ConditionInput): readonly ConditionEvidence[] {
    if (this.evidenceAt[slot] !== this.generation) {
      const out: ConditionEvidence[] = [];
      evaluateCondition(policy.spec.condition, 'condition', input, out);
      for (const e of out) {
        if (e.detector_ids) Object.freeze(e.detector_ids);
        if (e.element_ids) Object.freeze(e.element_ids);
        if (e.coordinate) Object.freeze(e.coordinate);
        Object.freeze(e);
      }
      this.evidence[slot] = out;
      this.evidenceAt[slot] = this.generation;
    }
    return this.evidence[slot]!;
  }

  /**
   * The evidence arrays by condition slot as they stand: a decision keeps this copy, and reads
   * only the slots of its matches, all worked out during it.
   */
  evidenceBySlot(): readonly (readonly ConditionEvidence[] | undefined)[] {
    return this.evidence.slice();
  }

  scope(slot: number, scope: PreparedScope, event: DecisionEvent, ctx: DecisionContext): ScopeResult {
    if (this.scopeAt[slot] === this.generation) return this.scopes[slot]!;
    const r = matchScope(scope, event, ctx);
    this.scopes[slot] = r;
    this.scopeAt[slot] = this.generation;
    return r;
  }
}
