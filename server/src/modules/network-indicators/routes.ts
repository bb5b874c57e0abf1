import { Type } from 'typebox';
import { auditContextOf } from '../../http/audit.js';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission, requireStepUp } from '../../http/guards.js';
import { errorResponses, Timestamp } from '../../http/schemas.js';
import type { ApiModule } from '../index.js';
import { MAX_DNS_SUFFIXES, MAX_IP_RANGES, setIndicators } from './service.js';
import { findIndicators } from './store.js';

const Indicators = Type.Object({
  revision: Type.Integer(),
  dns_suffixes: Type.Array(Type.String()),
  ip_ranges: Type.Array(Type.String()),
  updated_at: Type.Union([Timestamp, Type.Null()]),
});

const Body = Type.Object(
  {
    // Bounds slightly above the limits so an over-long list gets the service's sentence.
    dns_suffixes: Type.Array(Type.String({ maxLength: 300 }), { maxItems: MAX_DNS_SUFFIXES * 4 }),
    ip_ranges: Type.Array(Type.String({ maxLength: 60 }), { maxItems: MAX_IP_RANGES * 4 }),
  },
  { additionalProperties: false },
);

/**
 * Tenant network indicators (document 1, rule 6; payload designed here, docs/network-indicators.md).
 * They decide what `network_location` conditions match on every endpoint, so changing them is an
 * approver's act confirmed by a `policy_release` step-up, like the other policy settings.
 */
export const networkIndicatorsModule: ApiModule = async (app) => {
  const s = app.deps;
  app.get(
    '/settings/network-indicators',
    {
      onRequest: [requirePermission('policies:read')],
      schema: { response: { 200: Indicators, ...errorResponses(401, 403) } },
    },
    async (request) => findIndicators(s.db, principalOf(request).tenantId),
  );
  app.post(
    '/settings/network-indicators',
    {
      onRequest: [requirePermission('policies:approve'), requireStepUp('policy_release')],
      schema: { body: Body, response: { 200: Indicators, ...errorResponses(401, 403, 422) } },
    },
    async (request) => {
      const p = principalOf(request);
      const saved = await setIndicators(s.db, p.tenantId, request.body, p.userId, s.clock.now());
      // Counts only: the lists describe the company's network, which the audit log need not hold.
      await s.audit.write(auditContextOf(request), {
        action: 'settings.network_indicators_changed',
        metadata: {
          revision: saved.revision,
          dns_suffixes: saved.dns_suffixes.length,
          ip_ranges: saved.ip_ranges.length,
        },
      });
      return saved;
    },
  );
};
