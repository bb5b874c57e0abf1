import { useT } from '../../i18n/index.js';
import { DirectoryLookup } from '../directory/directory-lookup.js';
import type { Lookups } from './lookups.js';
import { PathField, PathSelect } from './path-field.js';
import { TARGET_KINDS, type Target } from './policy-types.js';

/**
 * Typed targets (document 1): endpoints and endpoint groups chosen from the fleet's lookups,
 * directory groups by domain SID and group SID (never a name, never a cloud directory), found
 * through a directory source's lookup when one is enabled, else typed by hand.
 */
export function TargetsEditor({
  legend,
  path,
  targets,
  lookups,
  onTargets,
}: {
  legend: string;
  path: string;
  targets: Target[];
  lookups: Lookups;
  onTargets(next: Target[] | undefined): void;
}) {
  const t = useT();
  const put = (i: number, next: Target) => onTargets(targets.map((x, j) => (j === i ? next : x)));
  const kindOf = (kind: string): Target =>
    kind === 'directory_group'
      ? { kind, source: { type: 'windows_directory', domain_sid: '' }, object_id: '' }
      : { kind, source: { type: 'svc' }, object_id: '' };
  return (
    <fieldset>
      <legend>{legend}</legend>
      {targets.map((target, i) => {
        const at = `${path}[${i}]`;
        const choices =
          target.kind === 'endpoint'
            ? lookups.agents.map((a) => ({ id: a.id, label: a.hostname }))
            : lookups.groups.map((g) => ({ id: g.id, label: g.name }));
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the index is the identity
          <div className="nested" key={i}>
            <PathSelect
              label={t('ed.targetKind')}
              path={`${at}.kind`}
              list="targetKind"
              values={TARGET_KINDS}
              value={target.kind}
              onValue={(k) => put(i, kindOf(k))}
            />
            {target.kind === 'directory_group' ? (
              <>
                <DirectoryLookup
                  kinds={['security_group']}
                  label={t('dir.pick')}
                  onUse={(o) =>
                    put(i, {
                      ...target,
                      source: { type: 'windows_directory', domain_sid: o.domain_sid },
                      object_id: o.object_sid,
                      label: o.name,
                    })
                  }
                />
                <PathField
                  label={t('ed.domainSid')}
                  path={`${at}.source.domain_sid`}
                  value={target.source.domain_sid}
                  onText={(v) => put(i, { ...target, source: { type: 'windows_directory', domain_sid: v } })}
                />
                <PathField
                  label={t('ed.groupSid')}
                  path={`${at}.object_id`}
                  value={target.object_id}
                  onText={(v) => put(i, { ...target, object_id: v })}
                />
                <PathField
                  label={t('ed.targetLabel')}
                  path={`${at}.label`}
                  value={target.label}
                  onText={(v) => put(i, { ...target, label: v || undefined })}
                />
              </>
            ) : (
              <div className="field">
                <label htmlFor={`${at}-object`}>
                  {t(target.kind === 'endpoint' ? 'ed.endpoint' : 'ed.endpointGroup')}
                </label>
                <select
                  id={`${at}-object`}
                  value={target.object_id}
                  onChange={(e) => {
                    const choice = choices.find((c) => c.id === e.target.value);
                    put(i, {
                      ...target,
                      object_id: e.target.value,
                      ...(choice ? { label: choice.label } : {}),
                    });
                  }}
                >
                  <option value="">{t('ed.choose')}</option>
                  {choices.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.label}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <button
              type="button"
              className="secondary"
              onClick={() =>
                onTargets(
                  targets.filter((_, j) => j !== i).length ? targets.filter((_, j) => j !== i) : undefined,
                )
              }
            >
              {t('ed.remove')}
            </button>
          </div>
        );
      })}
      <button type="button" className="secondary" onClick={() => onTargets([...targets, kindOf('endpoint')])}>
        {t('ed.addTarget')}
      </button>
    </fieldset>
  );
}
