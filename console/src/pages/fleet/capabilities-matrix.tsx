import { useT } from '../../i18n/index.js';
import type { Agent } from './agent-types.js';

type Channels = NonNullable<Agent['capabilities']['channels']>;
type Cell = NonNullable<Channels[keyof Channels]>;

/** Per channel: observe / block / notify as the agent reports them, and the reason where not. */
export function CapabilitiesMatrix({ capabilities }: { capabilities: Agent['capabilities'] }) {
  const t = useT();
  const rows = Object.entries(capabilities.channels ?? {}) as [string, Cell][];
  const mark = (on: boolean) => (
    <span className={on ? 'cap-yes' : 'cap-no'}>{on ? t('admin.yes') : t('admin.no')}</span>
  );
  return (
    <section aria-labelledby="capabilities-title">
      <h2 id="capabilities-title">{t('agent.capabilities')}</h2>
      <p className="hint">{t('agent.capabilitiesIntro')}</p>
      {rows.length === 0 ? (
        <p>{t('agent.noCapabilities')}</p>
      ) : (
        <table className="admin capabilities" aria-labelledby="capabilities-title">
          <thead>
            <tr>
              <th scope="col">{t('agent.channel')}</th>
              <th scope="col">{t('agent.observe')}</th>
              <th scope="col">{t('agent.block')}</th>
              <th scope="col">{t('agent.notify')}</th>
              <th scope="col">{t('agent.why')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([channel, cell]) => (
              <tr key={channel}>
                <th scope="row">
                  <code>{channel}</code>
                </th>
                <td>{mark(cell.observe)}</td>
                <td>{mark(cell.block)}</td>
                <td>{mark(cell.notify)}</td>
                <td>{cell.reason ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {capabilities.features && capabilities.features.length > 0 && (
        <p>{t('agent.features', { features: capabilities.features.join(', ') })}</p>
      )}
    </section>
  );
}
