/**
 * The digit triggers of a compiled set arranged for the scanner's per-run callback (issue 24:
 * speed): each distinct gate is asked once per digit run and the answers kept as bits, so a run
 * that no gate admits costs one loop over the ~20 gates instead of one call per detector and
 * trigger, and a detector whose gates all refused is passed over with one mask test.
 */
import type { CompiledDetectors } from './compiled.js';
import type { DigitRun } from './digit-runs.js';

type Gate = (run: DigitRun, text: string) => boolean;

export interface DigitPlan {
  /** The distinct gates; gate i answers in bit i. */
  readonly gates: readonly Gate[];
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
  const gates: Gate[] = [];
  const detectors = compiled.digitDetectors.map((i) => {
    const d = compiled.detectors[i]!;
    const triggers: number[] = [];
    let mask = 0;
    for (const t of d.digitTriggers) {
      let g = gates.indexOf(t.gate);
      if (g < 0) g = gates.push(t.gate) - 1;
      // The gates are the fixed DIGIT_GATES table (20 entries); bits stop at 31.
      if (g > 30) throw new TypeError('more than 31 distinct digit gates');
      mask |= 1 << g;
      triggers.push(g, t.back, t.forward);
    }
    return { index: i, mask, triggers: Int32Array.from(triggers) };
  });
  const plan: DigitPlan = { gates, detectors };
  plans.set(compiled, plan);
  return plan;
}

/** Bit i set when gate i admits the run. */
export function gateBits(plan: DigitPlan, run: DigitRun, text: string): number {
  const { gates } = plan;
  let bits = 0;
  for (let g = 0; g < gates.length; g++) if (gates[g]!(run, text)) bits |= 1 << g;
  return bits;
}
