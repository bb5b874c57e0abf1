import { useQuery } from '@tanstack/react-query';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';

/** The `policy_id` filter as a choice of the tenant's policies (shown with policies:read only). */
export function PolicyFilter({ value, onChange }: { value: string; onChange(id: string): void }) {
  const t = useT();
  const me = useMe();
  const allowed = can(me.data, 'policies:read');
  const policies = useQuery({
    queryKey: ['policies', 'names'],
    queryFn: () => call(api.GET('/api/v1/policies')),
    enabled: allowed,
    staleTime: 60_000,
  });
  if (!allowed || !policies.data) return null;
  return (
    <div className="field">
      <label htmlFor="f-policy">{t('queue.policy')}</label>
      <select id="f-policy" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('queue.any')}</option>
        {policies.data.map((p) => (
          <option key={p.id} value={p.id}>
            {p.display_number} · {p.name}
          </option>
        ))}
      </select>
    </div>
  );
}
