import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { findUserById } from '../../http/auth-store.js';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import { auditContextFor, type ServiceContext, userIdOf } from '../../service-context.js';
import {
  deleteMember,
  deleteTeamRows,
  findTeamByNameKey,
  findTeamRow,
  insertMember,
  insertTeam,
  listMemberRows,
  listTeamRows,
} from './store.js';

/**
 * What deleting a team removes in other modules (saved views of the team), run inside the
 * deletion's transaction; the registry passes it in so teams import no module (docs/saved-views.md).
 */
export type TeamDeletionHook = (
  trx: Transaction<Database>,
  tenantId: string,
  teamId: string,
) => Promise<number>;

/** Names are compared without case (document 2: duplicate name (no case) is 409). */
export const nameKey = (name: string) => name.normalize('NFC').toLocaleLowerCase('und');

export async function listTeams(ctx: ServiceContext) {
  const { tenantId } = auditContextFor(ctx);
  const me = userIdOf(ctx);
  const [teams, members] = await Promise.all([
    listTeamRows(ctx.db, tenantId),
    listMemberRows(ctx.db, tenantId),
  ]);
  return {
    items: teams.map((t) => {
      const own = members.filter((m) => m.team_id === t.id);
      return {
        id: t.id,
        name: t.name,
        member_count: own.length,
        member: own.some((m) => m.user_id === me),
        members: own.map((m) => ({ user_id: m.user_id, email: m.email, display_name: m.display_name })),
        created_at: t.created_at,
      };
    }),
  };
}

export async function createTeam(ctx: ServiceContext, input: { name: string }) {
  const audit = auditContextFor(ctx);
  const now = ctx.clock.now();
  const name = input.name.trim();
  if (name === '') throw fieldError('name', 'must not be blank');
  const row = {
    id: randomUUID(),
    tenant_id: audit.tenantId,
    name,
    name_key: nameKey(name),
    created_by: userIdOf(ctx),
    created_at: now.toISOString(),
  };
  const taken = () =>
    new AppError('team.name_taken', 'a team of that name exists', [
      { field: 'name', message: 'is the name of another team (compared without case)' },
    ]);
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      if (await findTeamByNameKey(trx, audit.tenantId, row.name_key)) throw taken();
      await insertTeam(trx, row);
      await ctx.audit.write(
        audit,
        { action: 'team.created', subject: { type: 'team', id: row.id }, metadata: { name } },
        trx,
      );
    })
    // A concurrent create of the same name passes the check and meets the unique index.
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? taken() : error;
    });
  return { id: row.id, name, member_count: 0, member: false, members: [], created_at: row.created_at };
}

export async function deleteTeam(ctx: ServiceContext, id: string, onDelete: TeamDeletionHook) {
  const audit = auditContextFor(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const team = await findTeamRow(trx, audit.tenantId, id);
    if (!team) throw notFound('team');
    const viewsRemoved = await onDelete(trx, audit.tenantId, id);
    const membersRemoved = await deleteTeamRows(trx, audit.tenantId, id);
    await ctx.audit.write(
      audit,
      {
        action: 'team.deleted',
        subject: { type: 'team', id },
        metadata: { name: team.name, members_removed: membersRemoved, views_removed: viewsRemoved },
      },
      trx,
    );
  });
}

/** A person of this organisation joins; one already in is `{added: false}` and nothing is written. */
export async function addMember(ctx: ServiceContext, teamId: string, userId: string) {
  const audit = auditContextFor(ctx);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await findTeamRow(trx, audit.tenantId, teamId))) throw notFound('team');
    // A missing person and another organisation's answer alike, naming the field only.
    if (!(await findUserById(trx, audit.tenantId, userId)))
      throw fieldError('user_id', 'is not a person of this organisation');
    if (!(await insertMember(trx, audit.tenantId, teamId, userId, now))) return { added: false };
    await ctx.audit.write(
      audit,
      { action: 'team.member_added', subject: { type: 'team', id: teamId }, metadata: { user_id: userId } },
      trx,
    );
    return { added: true };
  });
}

/** A person not in the team (or a team not seen) is 404. */
export async function removeMember(ctx: ServiceContext, teamId: string, userId: string) {
  const audit = auditContextFor(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await findTeamRow(trx, audit.tenantId, teamId))) throw notFound('team');
    if (!(await deleteMember(trx, audit.tenantId, teamId, userId))) throw notFound('team member');
    await ctx.audit.write(
      audit,
      { action: 'team.member_removed', subject: { type: 'team', id: teamId }, metadata: { user_id: userId } },
      trx,
    );
  });
}
