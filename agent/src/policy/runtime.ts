import {
  BUILTIN_DETECTORS,
  type BundlePayload,
  type CompiledDetectors,
  type CustomDetectorSpec,
  compileDetectors,
  type PreparedBundle,
  type PreparedCorpora,
  prepareBundle,
  prepareCorpora,
} from '@custos/engine';

/** A verified bundle prepared once for many decisions. */
export interface PolicyRuntime {
  bundle_version: number;
  payload: BundlePayload;
  prepared: PreparedBundle;
  detectors: CompiledDetectors;
  /** Fingerprint corpora the bundle ships, decoded and indexed once (docs/fingerprints.md). */
  corpora: PreparedCorpora;
  monitored_paths: string[];
}

/**
 * Builds the detector set the bundle ships: built-in primitives by id from the engine's catalogue,
 * tenant detectors from the spec shipped in the bundle.
 */
export function prepareRuntime(payload: BundlePayload): PolicyRuntime {
  const wanted = new Set(payload.detectors.filter((d) => d.builtin).map((d) => d.detector_id));
  const builtins = BUILTIN_DETECTORS.filter((d) => wanted.has(d.id));
  // A tenant detector ships as the engine's own spec (document 1, Bundle: its detector primitives).
  const custom: CustomDetectorSpec[] = payload.detectors
    .filter((d) => !d.builtin && d.custom)
    .map((d) => d.custom!);
  return {
    bundle_version: payload.bundle_version,
    payload,
    prepared: prepareBundle(payload),
    detectors: compileDetectors(builtins, custom),
    // Throws on a corpus that does not match its digest: the bundle is refused like any malformed one.
    corpora: prepareCorpora(payload.fingerprint_corpora),
    monitored_paths: [...payload.monitored_paths],
  };
}
