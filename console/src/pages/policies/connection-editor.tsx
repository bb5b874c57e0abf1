import { useT } from '../../i18n/index.js';
import type { SectionProps } from './editor-basics.js';
import { ListField } from './list-field.js';
import { PathField } from './path-field.js';

/**
 * A connection policy (document 1): block these applications from these addresses. The server
 * requires response block and the condition "not(and())"; choosing one sets both.
 */
export function ConnectionEditor({ draft, set }: SectionProps) {
  const t = useT();
  const c = draft.connection;
  if (!c)
    return (
      <fieldset>
        <legend>{t('ed.connection')}</legend>
        <p className="hint">{t('ed.connection.hint')}</p>
        <button
          type="button"
          className="secondary"
          onClick={() =>
            set({
              connection: { mode: 'block', applications: [], destinations: [{ address: '' }] },
              response: 'block',
              condition: { op: 'not', node: { op: 'and', nodes: [] } },
            })
          }
        >
          {t('ed.connection.add')}
        </button>
      </fieldset>
    );
  const dests = c.destinations;
  return (
    <fieldset>
      <legend>{t('ed.connection')}</legend>
      <ListField
        label={t('ed.connection.apps')}
        path="connection.applications"
        value={c.applications}
        onList={(v) => set({ connection: { ...c, applications: v ?? [] } })}
      />
      {dests.map((d, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the index is the identity
        <div className="nested" key={i}>
          <PathField
            label={t('ed.connection.address')}
            path={`connection.destinations[${i}].address`}
            value={d.address}
            onText={(address) =>
              set({
                connection: { ...c, destinations: dests.map((x, j) => (j === i ? { ...x, address } : x)) },
              })
            }
          />
          <ListField
            label={t('ed.connection.ports')}
            path={`connection.destinations[${i}].ports`}
            value={d.ports?.map(String)}
            onList={(v) =>
              set({
                connection: {
                  ...c,
                  destinations: dests.map((x, j) =>
                    j === i ? { address: x.address, ...(v ? { ports: v.map(Number) } : {}) } : x,
                  ),
                },
              })
            }
          />
        </div>
      ))}
      <button
        type="button"
        className="secondary"
        onClick={() => set({ connection: { ...c, destinations: [...dests, { address: '' }] } })}
      >
        {t('ed.connection.addDest')}
      </button>{' '}
      <button type="button" className="secondary" onClick={() => set({ connection: null })}>
        {t('ed.connection.remove')}
      </button>
    </fieldset>
  );
}
