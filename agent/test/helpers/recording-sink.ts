import type { FileObservation, ObservationSink, SinkResult } from '../../src/sensors/types.js';

/**
 * A sink that records what sensors hand over and "finds" one match per line containing SECRET.
 * It stands in for the decision step only where the sensor rules themselves are under test;
 * the real engine-backed sink is covered by the pipeline and end-to-end tests.
 */
export class RecordingSink implements ObservationSink {
  readonly seen: FileObservation[] = [];
  full = false;

  async handle(obs: FileObservation): Promise<SinkResult> {
    if (this.full) return { findings: [], queued: false, reported: false };
    this.seen.push(obs);
    const n = obs.content?.text ? (obs.content.text.match(/SECRET/g) ?? []).length : 0;
    const findings = n > 0 ? [{ detector_id: 'test.secret', category: 'test', match_count: n }] : [];
    return { findings, queued: true, reported: n > 0 || obs.channel === 'file_delete' };
  }

  channels(): string[] {
    return this.seen.map((o) => o.channel);
  }
}
