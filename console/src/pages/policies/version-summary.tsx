import type { MessageKey } from '../../i18n/en.js';
import { type Translate, useT } from '../../i18n/index.js';
import { labelKey } from './labels.js';
import type { ConditionNode, PolicyVersion, Scope } from './policy-types.js';

const hhmm = (m: number) =>
  `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** One condition node in words: its kind, what it names, then its children. */
function ConditionTree({ node }: { node: ConditionNode }) {
  const t = useT();
  const named = [
    node.detector_id,
    node.category,
    node.classification_id && `${node.classification_id}@${node.classification_version}#${node.revision}`,
    node.min_matches !== undefined && `≥ ${node.min_matches}`,
    node.n !== undefined && `N = ${node.n}`,
    ...(node.any_of ?? []).map((l) => t(labelKey('location', l))),
    ...(node.extensions ?? []),
    ...(node.classes ?? []).map((c) => t(labelKey('deviceClass', c))),
    ...(node.serials ?? []),
    node.corpus_id,
    node.match && t(labelKey('fpMatch', node.match)),
    node.min_coverage !== undefined && `≥ ${node.min_coverage}`,
  ].filter(Boolean);
  const children = node.nodes ?? (node.node ? [node.node] : []);
  return (
    <li>
      {t(labelKey('op', node.op))}
      {named.length > 0 && `: ${named.join(', ')}`}
      {children.length > 0 && (
        <ul>
          {children.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a stored tree never reorders
            <ConditionTree key={i} node={c} />
          ))}
        </ul>
      )}
    </li>
  );
}

const DIMENSION_KEYS: Record<string, MessageKey> = {
  channels: 'ed.dim.channels',
  operating_systems: 'ed.dim.operating_systems',
  destinations: 'ed.dim.destinations',
  sources: 'ed.dim.sources',
  applications: 'ed.dim.applications',
  user_ids: 'ed.dim.user_ids',
  groups: 'ed.dim.groups',
  departments: 'ed.dim.departments',
  include_targets: 'ed.include',
  exclude_targets: 'ed.exclude',
};

function scopeText(scope: Scope, t: Translate): string {
  const parts = Object.entries(scope)
    .filter(([, v]) => Array.isArray(v) && v.length > 0)
    .map(
      ([k, v]) =>
        `${DIMENSION_KEYS[k] ? t(DIMENSION_KEYS[k]) : k}: ${(v as unknown[]).map((x) => (typeof x === 'string' ? x : ((x as { label?: string; object_id: string }).label ?? (x as { object_id: string }).object_id))).join(', ')}`,
    );
  return parts.join('; ');
}

/** What a version says, so the person who publishes or approves it reads it first. */
export function VersionSummary({ version }: { version: PolicyVersion }) {
  const t = useT();
  const action = (a: string | null | undefined) => (a ? t(labelKey('action', a)) : t('ed.offlineSame'));
  const s = version.schedule;
  return (
    <section aria-labelledby={`summary-${version.version}`} className="version-summary">
      <h3 id={`summary-${version.version}`}>{t('pol.summary', { version: version.version })}</h3>
      <dl className="facts">
        <dt>{t('pol.col.response')}</dt>
        <dd>{action(version.response)}</dd>
        <dt>{t('ed.offline')}</dt>
        <dd>{action(version.offline_response)}</dd>
        <dt>{t('ed.conflict')}</dt>
        <dd>{t(labelKey('conflict', version.conflict_strategy ?? 'most_restrictive'))}</dd>
        <dt>{t('ed.scope')}</dt>
        <dd>{scopeText(version.scope, t) || t('pol.scopeKind.whole_company')}</dd>
        <dt>{t('ed.exceptions')}</dt>
        <dd>
          {(version.exceptions ?? [])
            .map(
              (x) =>
                `${x.id} (${x.downgrade_to ? action(x.downgrade_to) : t('ed.ex.suppress')}): ${x.reason}`,
            )
            .join('; ') || t('admin.none')}
        </dd>
        <dt>{t('ed.risk')}</dt>
        <dd>
          {version.risk_thresholds
            ? [
                action(version.risk_thresholds.below),
                ...version.risk_thresholds.steps.map((st) => `≥ ${st.at_or_above}: ${action(st.action)}`),
              ].join('; ')
            : t('admin.none')}
        </dd>
        <dt>{t('ed.schedule')}</dt>
        <dd>
          {s
            ? `${s.days_of_week.map((d) => t(labelKey('day', String(d)))).join(', ')} ${hhmm(s.start_minute)}–${hhmm(s.end_minute)} (${s.timezone})`
            : t('ed.schedule.always')}
        </dd>
        <dt>{t('ed.notifications')}</dt>
        <dd>{Object.keys(version.notifications?.user_messages ?? {}).join(', ') || t('admin.none')}</dd>
        {version.connection && (
          <>
            <dt>{t('ed.connection')}</dt>
            <dd>
              {`${version.connection.applications.join(', ')} → ${version.connection.destinations.map((d) => d.address).join(', ')}`}
            </dd>
          </>
        )}
      </dl>
      <h4>{t('ed.condition')}</h4>
      <ul className="condition-tree">
        <ConditionTree node={version.condition} />
      </ul>
    </section>
  );
}
