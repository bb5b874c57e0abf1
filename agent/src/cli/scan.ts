import { stat } from 'node:fs/promises';
import { readContent } from '../content/read-content.js';
import { summarise } from '../pipeline.js';
import { walkFiles } from '../sensors/walk.js';
import type { AgentService } from '../service.js';
import { EXIT } from './args.js';

/**
 * `dlp-agent scan PATH --json`: decides each file with the bundle in force as a discovery event.
 * Nothing is queued or uploaded, nothing is remembered. Output carries ids and counts only.
 */
export async function scanPath(
  svc: AgentService,
  target: string,
  json: boolean,
  out: (s: string) => void,
): Promise<number> {
  const st = await stat(target);
  const paths: string[] = [];
  if (st.isFile()) paths.push(target);
  else for await (const f of walkFiles(target, () => {})) paths.push(f.path);
  const results = [];
  for (const path of paths.sort()) {
    const content = await readContent(path, svc.config.maxReadBytes);
    const { decision, findings } = await svc.pipeline.evaluate(
      {
        channel: 'discovery',
        path,
        content,
        occurred_at: new Date().toISOString(),
      },
      true,
    );
    // Why each policy stayed silent (scope, status, schedule, condition): fixed text, never a value.
    const notMatched = (decision?.not_matched ?? []).map((m) => ({
      policy_id: m.policy_id,
      stage: m.stage,
      code: m.code,
      reason: m.text,
    }));
    results.push({
      path,
      action: decision?.action ?? null,
      requested_action: decision?.requested_action ?? null,
      outcome: decision?.outcome ?? 'no_bundle',
      matched_policy_ids: decision?.matched_policies.map((p) => p.policy_id) ?? [],
      not_matched: notMatched,
      detectors: summarise(findings),
      not_read: content.not_read,
    });
  }
  const report = { bundle_version: svc.bundleVersion(), files: results.length, results };
  if (json) out(JSON.stringify(report, null, 2));
  else {
    out(`bundle ${report.bundle_version}; ${results.length} files`);
    for (const r of results) {
      const det = r.detectors.map((d) => `${d.detector_id}×${d.match_count}`).join(' ');
      out(
        `${(r.action ?? r.outcome).padEnd(10)} ${r.path}${det ? `  [${det}]` : ''}${r.not_read ? `  (not read whole: ${r.not_read.cause})` : ''}`,
      );
      // A file no policy acted on says why, one line per policy (its id and the reason).
      if (r.action === null) for (const m of r.not_matched) out(`           ${m.policy_id}: ${m.reason}`);
    }
  }
  return svc.bundleVersion() === 0 ? EXIT.failed : EXIT.ok;
}
