import { tmpdir } from 'node:os';
import { isNativeError, nativeAvailable, nativeFunction, type StreamProbeResult } from '@custos/native';
import {
  applyLabel,
  LABEL_STREAM,
  type LabelStore,
  labelsOf,
  parseStoredLabel,
  validLabel,
} from '../label-record.js';
import type { FileLabels } from '../types.js';

/** Codes a volume without named streams answers (FAT/exFAT USB sticks, network shares). */
const NO_STREAMS = new Set(['native.not_supported', 'native.invalid_argument']);

/**
 * Labels in the `custos.label` alternate data stream (document 1, apply_label). Before claiming
 * the capability the backend writes a probe stream and checks that it is a real stream: under
 * Wine, `file:stream` becomes a separate file, and the capability is then reported absent.
 */
export function createWin32Labels(probeDir = tmpdir()): FileLabels & { probe: StreamProbeResult | null } {
  let probe: StreamProbeResult | null = null;
  try {
    if (nativeAvailable('streamProbe')) probe = nativeFunction('streamProbe')(probeDir);
  } catch {
    probe = null;
  }
  if (probe?.kind !== 'native') {
    return { available: false, probe, read: async () => [], apply: async () => 'unsupported' };
  }
  const store: LabelStore = {
    read: (path) => nativeFunction('streamRead')(path, LABEL_STREAM),
    write: (path, value, mode) => nativeFunction('streamWrite')(path, LABEL_STREAM, value, mode),
  };
  return {
    available: true,
    probe,
    async read(path) {
      try {
        return labelsOf(parseStoredLabel(store.read(path)));
      } catch (err) {
        if (isNativeError(err) && NO_STREAMS.has(err.code)) return [];
        throw err;
      }
    },
    async apply(path, value, replaceExisting) {
      if (!validLabel(value))
        throw new TypeError('label must be 1-200 characters without control characters');
      try {
        return applyLabel(store, path, value, replaceExisting);
      } catch (err) {
        if (isNativeError(err) && NO_STREAMS.has(err.code)) return 'unsupported';
        throw err;
      }
    },
  };
}
