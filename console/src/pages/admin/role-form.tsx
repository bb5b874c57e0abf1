import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { useStepUp } from '../../session/step-up.js';
import { Alert } from '../../ui/alert.js';
import { fieldErrorOf, messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';
import { useSubmit } from '../../ui/use-submit.js';

/** A custom role as the editor starts from: absent for a new one. */
export interface EditedRole {
  id: string;
  name: string;
  description: string | null;
  permissions: string[];
  incident_scope: string[] | null;
  revision: number;
}

const FIELDS = ['name', 'description', 'permissions', 'incident_scope'];

/**
 * Creates or edits a custom role (document 3, Custom roles): name, description, the permissions
 * the catalogue offers (one the signed-in person may not grant is shown but cannot be ticked) and
 * the incident scope (whole organisation, or endpoint groups). The server checks every rule and
 * names the identifier it refuses; the form shows that sentence on the field. Step-up
 * `role_change` is asked for when the session has not confirmed it.
 */
export function RoleForm({
  role,
  onSaved,
  onCancel,
}: {
  role?: EditedRole;
  onSaved(name: string): void;
  onCancel(): void;
}) {
  const t = useT();
  const me = useMe();
  const withStepUp = useStepUp();
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [permissions, setPermissions] = useState<string[]>(role?.permissions ?? []);
  const [scoped, setScoped] = useState(role ? role.incident_scope !== null : false);
  const [groups, setGroups] = useState<string[]>(role?.incident_scope ?? []);
  const catalogue = useQuery({
    queryKey: ['roles-permissions'],
    queryFn: () => call(api.GET('/api/v1/roles/permissions')),
  });
  const agentGroups = useQuery({
    queryKey: ['agent-groups', 'lookup'],
    queryFn: () => call(api.GET('/api/v1/agent-groups')),
    enabled: can(me.data, 'agents:read'),
    staleTime: 60_000,
  });

  const { error, busy, submit } = useSubmit(async () => {
    const body = {
      name,
      ...(description ? { description } : {}),
      permissions,
      incident_scope: scoped ? groups : null,
    };
    await withStepUp(() =>
      role
        ? call(
            api.PUT('/api/v1/roles/{id}', {
              params: { path: { id: role.id } },
              body: { ...body, revision: role.revision },
            }),
          )
        : call(api.POST('/api/v1/roles', { body })),
    );
    onSaved(name);
  });

  const fieldError = (field: string) =>
    fieldErrorOf(error, field) ??
    (field === 'permissions'
      ? permissions.map((_, i) => fieldErrorOf(error, `permissions[${i}]`)).find(Boolean)
      : undefined);
  const general = error !== null && !FIELDS.some((f) => fieldError(f));
  const toggle = (list: string[], id: string, on: boolean) =>
    on ? [...list, id] : list.filter((x) => x !== id);
  const title = role ? t('roles.editTitle', { name: role.name }) : t('roles.create');

  return (
    <form className="admin-form" onSubmit={submit} aria-labelledby="role-form-title">
      <h2 id="role-form-title">{title}</h2>
      {general && <Alert kind="error">{messageOf(error)}</Alert>}
      <Field
        label={t('roles.col.name')}
        required
        maxLength={100}
        value={name}
        error={fieldError('name')}
        onChange={(e) => setName(e.target.value)}
      />
      <div className="field">
        <label htmlFor="role-description">{t('roles.description')}</label>
        <textarea
          id="role-description"
          maxLength={1000}
          value={description}
          aria-invalid={fieldError('description') ? true : undefined}
          onChange={(e) => setDescription(e.target.value)}
        />
        {fieldError('description') && <p className="error">{fieldError('description')}</p>}
      </div>
      <fieldset aria-invalid={fieldError('permissions') ? true : undefined}>
        <legend>{t('roles.col.permissions')}</legend>
        {catalogue.isError && <Alert kind="error">{messageOf(catalogue.error)}</Alert>}
        <div className="scopes">
          {(catalogue.data?.items ?? []).map((p) => (
            <label key={p.id} title={p.grantable_by_you ? p.description : t('roles.notGrantable')}>
              <input
                type="checkbox"
                checked={permissions.includes(p.id)}
                disabled={!p.grantable_by_you && !permissions.includes(p.id)}
                onChange={(e) => setPermissions((list) => toggle(list, p.id, e.target.checked))}
              />{' '}
              <code>{p.id}</code> {p.description}
              {p.sensitivity === 'high' ? ` (${t('roles.sensitive')})` : ''}
              <br />
            </label>
          ))}
        </div>
        {fieldError('permissions') && <p className="error">{fieldError('permissions')}</p>}
      </fieldset>
      <fieldset aria-invalid={fieldError('incident_scope') ? true : undefined}>
        <legend>{t('roles.col.scope')}</legend>
        <label>
          <input type="radio" name="role-scope" checked={!scoped} onChange={() => setScoped(false)} />{' '}
          {t('roles.tenantWide')}
        </label>
        <br />
        <label>
          <input type="radio" name="role-scope" checked={scoped} onChange={() => setScoped(true)} />{' '}
          {t('roles.scopeGroups')}
        </label>
        {scoped && (
          <div className="scopes">
            {(agentGroups.data?.items ?? []).map((g) => (
              <label key={g.id}>
                <input
                  type="checkbox"
                  checked={groups.includes(g.id)}
                  onChange={(e) => setGroups((list) => toggle(list, g.id, e.target.checked))}
                />{' '}
                {g.name}
                <br />
              </label>
            ))}
          </div>
        )}
        {fieldError('incident_scope') && <p className="error">{fieldError('incident_scope')}</p>}
      </fieldset>
      <button type="submit" disabled={busy}>
        {role ? t('roles.save') : t('roles.submit')}
      </button>{' '}
      <button type="button" onClick={onCancel}>
        {t('roles.cancel')}
      </button>
    </form>
  );
}
