import { useMutation } from '@tanstack/react-query';
import { api, call } from '../../api/client.js';
import type { paths } from '../../api/schema.js';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import type { Scope } from './policy-types.js';

type PreviewScope = NonNullable<
  paths['/api/v1/policies/scope-preview']['post']['requestBody']
>['content']['application/json']['scope'];

/** The scope as the preview route takes it (the compiler-only exclusions are never written). */
function previewScope(scope: Scope): PreviewScope {
  const { exclude_groups: _g, exclude_device_ids: _d, exclude_agent_groups: _a, ...rest } = scope;
  return rest as PreviewScope;
}

/** How many active endpoints the scope reaches, and why the others are out (scope preview). */
export function ScopePreview({ scope }: { scope: Scope }) {
  const t = useT();
  const me = useMe();
  const preview = useMutation({
    mutationFn: () =>
      call(api.POST('/api/v1/policies/scope-preview', { body: { scope: previewScope(scope) } })),
  });
  if (!can(me.data, 'agents:read')) return null;
  const d = preview.data;
  return (
    <div className="scope-preview">
      <button type="button" className="secondary" onClick={() => preview.mutate()}>
        {t('ed.preview')}
      </button>
      {preview.isError && <Alert kind="error">{messageOf(preview.error)}</Alert>}
      {d && (
        <p role="status">
          {t(d.whole_fleet ? 'ed.preview.whole' : 'ed.preview.some', {
            eligible: d.eligible_endpoints,
            active: d.active_endpoints,
          })}{' '}
          {t('ed.preview.out', {
            platform: d.ineligible.platform_not_in_scope,
            endpoint: d.ineligible.endpoint_not_targeted,
            group: d.ineligible.endpoint_group_not_targeted,
            excluded: d.ineligible.excluded,
          })}
          {d.unresolved_targets.length > 0 &&
            ` ${t('ed.preview.unresolved', { count: d.unresolved_targets.length })}`}
        </p>
      )}
    </div>
  );
}
