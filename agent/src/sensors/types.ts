import type { ContentRead } from '../content/read-content.js';
import type { ActingProcess, RemovableVolume } from '../platform/types.js';

/** What a detector found, as remembered and as reported after a deletion (id, category, count only). */
export interface FindingSummary {
  detector_id: string;
  category: string;
  match_count: number;
}

/** One thing a sensor saw, before the policy decision. */
export interface FileObservation {
  channel: string;
  path: string;
  /** Rename/move: where the file was before. */
  from_path?: string;
  /** Null for a file that is gone (file_delete). */
  content: ContentRead | null;
  removable?: RemovableVolume;
  /** file_delete: findings remembered from the last inspection. */
  remembered?: FindingSummary[];
  departure?: 'deleted' | 'moved_out';
  occurred_at: string;
  /** The operation waits for the answer (a held open): the result says whether to allow it. */
  held?: boolean;
  /** The process acting on the file, when the sensor knows it (held opens: fanotify's pid). */
  process?: ActingProcess;
  /**
   * Called as soon as the verdict on a held operation is known, before its event is queued;
   * `reusable` as in SinkResult (the sensor remembers it before the operation goes on).
   */
  onVerdict?: (allow: boolean, reusable: boolean) => void;
}

export interface SinkResult {
  /** Findings of this content (what the store remembers for the path). */
  findings: FindingSummary[];
  /** False when the queue refused the event (full): the sensor must not mark the file as handled. */
  queued: boolean;
  /** Whether an event was produced at all (a policy matched, or a remembered path departed). */
  reported: boolean;
  /** For a held operation: whether it may go ahead (docs/agent.md, Held opens). */
  allow?: boolean;
  /** The verdict involved no person and no exception: the same file state may reuse it (held opens). */
  reusable?: boolean;
}

/** The decide-and-queue step sensors hand observations to (service.ts wires the engine into it). */
export interface ObservationSink {
  handle(obs: FileObservation): Promise<SinkResult>;
}
