import { Type } from 'typebox';
import { Timestamp } from '../../http/schemas.js';

/** Response schemas of the user directory and the tenant's sessions (issue 14: fields listed). */
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

/** `GET /users/sessions`: one row per live session of the tenant. */
export const TenantSession = Type.Object({
  public_id: Type.String(),
  user_id: Type.String(),
  display_name: Nullable(Type.String()),
  email: Type.String(),
  role: Type.String(),
  identity_source: Nullable(Type.String()),
  last_activity_at: Nullable(Timestamp),
  source_ip: Nullable(Type.String()),
  browser: Nullable(Type.String()),
  current_session: Type.Boolean(),
});
