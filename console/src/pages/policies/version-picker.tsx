import { useT } from '../../i18n/index.js';
import { labelKey } from './labels.js';
import type { PolicyVersion } from './policy-types.js';
import { VersionSummary } from './version-summary.js';

/** Choose a version to read (the pending one first, else the latest) and show what it says. */
export function VersionPicker({
  versions,
  chosen,
  onChoose,
}: {
  versions: PolicyVersion[];
  chosen: number;
  onChoose(version: number): void;
}) {
  const t = useT();
  const version = versions.find((v) => v.version === chosen) ?? versions.at(-1);
  return (
    <>
      <h2>{t('pol.read')}</h2>
      <div className="field">
        <label htmlFor="read-version">{t('pol.col.version')}</label>
        <select id="read-version" value={version?.version} onChange={(e) => onChoose(Number(e.target.value))}>
          {[...versions].reverse().map((v) => (
            <option key={v.version} value={v.version}>
              {`${v.version} — ${t(labelKey('status', v.status))}`}
            </option>
          ))}
        </select>
      </div>
      {version && <VersionSummary version={version} />}
    </>
  );
}
