import { matchedSummaries, SEVERITIES, type Severity } from '@custos/engine';
import { type DecisionPipeline, summarise } from '../pipeline.js';
import type { FileObservation, FindingSummary, ObservationSink, SinkResult } from '../sensors/types.js';

/** One file with something to report, as the scan report carries it (no matched value ever). */
export interface ScanFinding {
  path: string;
  severity: Severity;
  detectors: FindingSummary[];
  policy_ids: string[];
}

/** Thrown from `handle` to end the walk at once (the scan was cancelled or the agent stops). */
export class ScanStopped extends Error {}

/**
 * The sink a scan hands every file to: the engine decides it as discovery would (same detectors,
 * same policies, nothing queued as an event), and a file with detector hits or a matching policy
 * becomes a finding. Its severity is the most severe matching policy's; detector hits no policy
 * acts on are `low`. `flush` is awaited after each finding, so the caller can report in batches.
 */
export class FindingSink implements ObservationSink {
  stopped = false;
  /** Files whose content was decided so far, and the bytes read for them (progress reports). */
  filesRead = 0;
  bytesRead = 0;

  constructor(
    private readonly pipeline: Pick<DecisionPipeline, 'evaluate'>,
    private readonly found: (f: ScanFinding) => Promise<void>,
    /** Awaited after every file (the runner's once-a-minute progress report). */
    private readonly tick: () => Promise<void> = async () => {},
  ) {}

  async handle(obs: FileObservation): Promise<SinkResult> {
    if (this.stopped) throw new ScanStopped('scan stopped');
    const { decision, findings } = await this.pipeline.evaluate(obs);
    this.filesRead++;
    this.bytesRead += obs.content?.bytes_read ?? 0;
    const detectors = summarise(findings);
    const acting = (decision ? matchedSummaries(decision) : []).filter((p) => p.action !== null);
    if (detectors.length > 0 || acting.length > 0) {
      const rank = Math.min(...acting.map((p) => SEVERITIES.indexOf(p.severity)), SEVERITIES.length - 1);
      await this.found({
        path: obs.path,
        severity: SEVERITIES[rank]!,
        detectors,
        policy_ids: acting.map((p) => p.policy_id),
      });
    }
    await this.tick();
    return { findings: detectors, queued: true, reported: detectors.length > 0 || acting.length > 0 };
  }
}
