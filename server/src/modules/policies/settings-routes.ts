import { Type } from 'typebox';
import { auditContextOf } from '../../http/audit.js';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission, requireStepUp } from '../../http/guards.js';
import { errorResponses } from '../../http/schemas.js';
import type { ApiModule } from '../index.js';
import { readPolicySettings, writePolicySettings } from './settings.js';

const Settings = Type.Object(
  {
    notice_language: Type.String(),
    help_address: Type.Union([Type.String(), Type.Null()]),
    second_person_rule: Type.Boolean(),
  },
  { additionalProperties: false },
);

/**
 * Tenant policy settings the spec uses but does not give a route for (designed here,
 * docs/policies.md): notice language of compiled prompts, help address, second-person rule.
 */
export const policySettingsModule: ApiModule = async (app) => {
  const s = app.deps;
  app.get(
    '/policy-settings',
    {
      onRequest: [requirePermission('policies:read')],
      schema: { response: { 200: Settings, ...errorResponses(401, 403) } },
    },
    async (request) => readPolicySettings(s.db, principalOf(request).tenantId),
  );
  app.put(
    '/policy-settings',
    {
      // Turning the second-person rule off weakens release governance: approvers only, confirmed.
      onRequest: [requirePermission('policies:approve'), requireStepUp('policy_release')],
      schema: {
        body: Type.Partial(Settings, { additionalProperties: false }),
        response: { 200: Settings, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      const { before, after } = await writePolicySettings(
        s.db,
        principalOf(request).tenantId,
        request.body,
        s.clock.now(),
      );
      await s.audit.write(auditContextOf(request), {
        action: 'policy_settings.changed',
        metadata: {
          changed_fields: (Object.keys(after) as (keyof typeof after)[]).filter(
            (k) => before[k] !== after[k],
          ),
        },
      });
      return after;
    },
  );
};
