import { useT } from '../../i18n/index.js';
import { labelKey } from './labels.js';
import type { PolicyRow, Simulation } from './policy-types.js';

/** The decision explained: matched policies, conflict resolution, clamping and risk factors. */
export function SimulationResult({ result, policies }: { result: Simulation; policies: PolicyRow[] }) {
  const t = useT();
  const name = (id: string | null) => {
    const p = policies.find((x) => x.id === id);
    return p ? `${p.display_number} ${p.name}` : (id ?? t('admin.none'));
  };
  const action = (a: string | null) => (a ? t(labelKey('action', a)) : t('admin.none'));
  const clamped = result.requested_action !== null && result.requested_action !== result.final_action;
  return (
    <section aria-labelledby="sim-result" className="simulation">
      <h2 id="sim-result">{t('sim.decision')}</h2>
      <p role="status">
        {t(labelKey('outcome', result.outcome))}
        {result.final_action && ` — ${t('sim.finalAction', { action: action(result.final_action) })}`}
      </p>
      <dl className="facts">
        <dt>{t('sim.decidedBy')}</dt>
        <dd>{name(result.decided_by_policy_id)}</dd>
        <dt>{t('sim.requested')}</dt>
        <dd>{action(result.requested_action)}</dd>
        <dt>{t('sim.clamping')}</dt>
        <dd>
          {clamped
            ? t('sim.clamped', { from: action(result.requested_action), to: action(result.final_action) })
            : t('sim.notClamped')}
        </dd>
        <dt>{t('sim.conflict')}</dt>
        <dd>
          {result.conflict
            ? t('sim.conflictText', {
                strategy: t(labelKey('conflict', result.conflict.strategy)),
                winner: name(result.conflict.winner_policy_id),
                candidates: result.conflict.candidates,
              })
            : t('sim.noConflict')}
        </dd>
        {result.exception_applied && (
          <>
            <dt>{t('sim.exception')}</dt>
            <dd>
              {t('sim.exceptionText', {
                id: result.exception_applied.exception_id,
                by: result.exception_applied.approved_by,
                effect: result.exception_applied.effect,
              })}
            </dd>
          </>
        )}
        {result.superseded_policy_ids.length > 0 && (
          <>
            <dt>{t('sim.superseded')}</dt>
            <dd>{result.superseded_policy_ids.map(name).join(', ')}</dd>
          </>
        )}
        {result.endpoint && (
          <>
            <dt>{t('sim.endpoint')}</dt>
            <dd>{`${result.endpoint.hostname ?? result.endpoint.id} (${result.endpoint.os ?? ''})`}</dd>
          </>
        )}
      </dl>
      <h3>{t('sim.explanation')}</h3>
      <ul aria-label={t('sim.explanation')}>
        {result.explanation.map((e, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: explanation lines are ordered and fixed
          <li key={i}>{e.text}</li>
        ))}
      </ul>
      {result.risk && (
        <>
          <h3>{t('sim.risk')}</h3>
          <p>
            {t('sim.riskText', {
              score: result.risk.score,
              band: result.risk.band,
              model: result.risk.model_version,
            })}
          </p>
          <table className="admin" aria-label={t('sim.riskFactors')}>
            <thead>
              <tr>
                <th scope="col">{t('sim.factor')}</th>
                <th scope="col">{t('sim.points')}</th>
              </tr>
            </thead>
            <tbody>
              {result.risk.factors.map((f) => (
                <tr key={f.name}>
                  <td>{f.name}</td>
                  <td>{f.points}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {result.risk.undetermined.length > 0 && (
            <p>{t('sim.undetermined', { list: result.risk.undetermined.join(', ') })}</p>
          )}
        </>
      )}
      <h3>{t('sim.matched')}</h3>
      {result.matched_policies.length === 0 ? (
        <p>{t('sim.noneMatched')}</p>
      ) : (
        <table className="admin" aria-label={t('sim.matched')}>
          <thead>
            <tr>
              <th scope="col">{t('pol.col.name')}</th>
              <th scope="col">{t('sim.standing')}</th>
              <th scope="col">{t('sim.action')}</th>
              <th scope="col">{t('sim.why')}</th>
              <th scope="col">{t('sim.evidence')}</th>
            </tr>
          </thead>
          <tbody>
            {result.matched_policies.map((m) => (
              <tr key={m.policy_id}>
                <td>{`${name(m.policy_id)} v${m.version}${m.test ? ` (${t('sim.test')})` : ''}`}</td>
                <td>{action(m.standing_action)}</td>
                <td>
                  {action(m.action)}
                  {m.risk_step &&
                    ` ${t('sim.riskStep', { at: m.risk_step.at_or_above ?? '—', action: action(m.risk_step.action) })}`}
                </td>
                <td>
                  <ul>
                    {m.explanation.map((e, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: explanation lines are ordered and fixed
                      <li key={i}>{e.text}</li>
                    ))}
                  </ul>
                </td>
                <td>
                  {m.evidence
                    .map(
                      (e) =>
                        `${e.path} ${e.op}: ${e.code}${e.coverage !== undefined ? ` (${Math.round(e.coverage * 100)} %)` : ''}`,
                    )
                    .join('; ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {result.not_matched.length > 0 && (
        <>
          <h3>{t('sim.notMatched')}</h3>
          <ul aria-label={t('sim.notMatched')}>
            {result.not_matched.map((n) => (
              <li key={n.policy_id}>{`${name(n.policy_id)}: ${n.text}`}</li>
            ))}
          </ul>
        </>
      )}
      <p className="hint">{t('sim.duration', { ms: result.evaluation_duration_ms })}</p>
    </section>
  );
}
