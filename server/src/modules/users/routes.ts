import { Type } from 'typebox';
import { auditContextOf } from '../../http/audit.js';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission, requireStepUp } from '../../http/guards.js';
import { errorResponses, IdParams, Timestamp } from '../../http/schemas.js';
import type { ApiModule } from '../index.js';
import { unlockUser } from './service.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const DirectoryRow = Type.Object({
  id: Type.String(),
  email: Type.String(),
  display_name: Nullable(Type.String()),
  role: Type.String(),
  custom_role_id: Nullable(Type.String()),
  custom_role_name: Nullable(Type.String()),
  status: Type.String(),
  department: Nullable(Type.String()),
  federated: Type.Boolean(),
  last_login_at: Nullable(Timestamp),
  created_at: Timestamp,
  invitation: Nullable(Type.String()),
  invited: Type.Boolean(),
  has_password: Type.Boolean(),
  locked_until: Nullable(Timestamp),
});

/** User administration (document 3, Users; issue 4). */
export const usersModule: ApiModule = async (app) => {
  const s = app.deps;
  app.post(
    '/users/:id/unlock',
    {
      onRequest: [requirePermission('users:write'), requireStepUp('role_change')],
      schema: { params: IdParams, response: { 200: DirectoryRow, ...errorResponses(401, 403, 404, 409) } },
    },
    async (request) => {
      const p = principalOf(request);
      const ctx = { ...auditContextOf(request), tenantId: p.tenantId };
      return unlockUser(s.db, s.audit, p, ctx, request.params.id, s.clock.now());
    },
  );
};
