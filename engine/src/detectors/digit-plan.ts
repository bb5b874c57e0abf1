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
  const plan: DigitPlan = { mask: all, detectors };
  plans.set(compiled, plan);
  return plan;
}

/** Bit i set when gate i (digit-runs.ts `DIGIT_GATE_IDS`) admits the run and a detector uses it. */
export function gateBits(plan: DigitPlan, run: DigitRun, text: string): number {
  return digitGateBits(run, text) & plan.mask;
}
