/**
 * The digit triggers of a compiled set arranged for the scanner's per-run callback (issue 24:
 * speed): every gate is answered at once per digit run (`digitGateBits`, one call instead of
 * one per gate) and the answers kept as bits, so a detector whose gates all refused is passed
 * over with one mask test.
 */
import type { CompiledDetectors } from './compiled.js';
import { type DigitRun, digitGateBits } from './digit-runs.js';

export interface DigitPlan {
  /** OR of every detector's gate bits: a run with none of them set opens no window. */
  readonly mask: number;
  /** `opens(bits)` memoised by the gate answers (few distinct combinations occur). */
  readonly byBits: Map<number, Int32Array>;
  readonly detectors: readonly {
    readonly index: number;
    /** OR of the detector's gate bits */
    readonly mask: number;
    /** the detector's triggers in order, flattened as [gate bit, back, forward] */
    readonly triggers: Int32Array;
  }[];
}

const plans = new WeakMap<CompiledDetectors, DigitPlan>();

/** The plan of a compiled set (built on first use, then cached with the set). */
export function digitPlan(compiled: CompiledDetectors): DigitPlan {
  const cached = plans.get(compiled);
  if (cached) return cached;
  let all = 0;
  const detectors = compiled.digitDetectors.map((i) => {
    const d = compiled.detectors[i]!;
    const triggers: number[] = [];
    let mask = 0;
    for (const t of d.digitTriggers) {
      mask |= 1 << t.bit;
      triggers.push(t.bit, t.back, t.forward);
    }
    all |= mask;
    return { index: i, mask, triggers: Int32Array.from(triggers) };
  });
  const plan: DigitPlan = { mask: all, byBits: new Map(), detectors };
  plans.set(compiled, plan);
  return plan;
}

/** Bit i set when gate i (digit-runs.ts `DIGIT_GATE_IDS`) admits the run and a detector uses it. */
export function gateBits(plan: DigitPlan, run: DigitRun, text: string): number {
  return digitGateBits(run, text) & plan.mask;
}

/**
 * The windows a run with these gate answers opens, flattened as [detector, back, forward]: for
 * each detector one of whose gates admitted the run, its first such trigger. Worked out once per
 * distinct `bits` and kept with the plan, so a run costs one map look-up, not a loop over every
 * number detector.
 */
export function opens(plan: DigitPlan, bits: number): Int32Array {
  const known = plan.byBits.get(bits);
  if (known) return known;
  const out: number[] = [];
  for (const d of plan.detectors) {
    if ((bits & d.mask) === 0) continue;
    const t = d.triggers;
    for (let k = 0; k < t.length; k += 3) {
      if ((bits & (1 << t[k]!)) !== 0) {
        out.push(d.index, t[k + 1]!, t[k + 2]!);
        break;
      }
    }
  }
  const list = Int32Array.from(out);
  plan.byBits.set(bits, list);
  return list;
}
