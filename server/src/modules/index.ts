import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PolicyPort } from '../ports/policy-port.js';
import { activityModule } from './activity/public.js';
import { agentScope } from './agent-api/agent-scope.js';
import { agentEnrollModule, agentSignedModule } from './agent-api/routes.js';
import { eventRetentionModule } from './agent-events/public.js';
import { agentUpdatePackageModule, agentUpdatesModule } from './agent-updates/public.js';
import { agentsConsoleModule } from './agents/routes.js';
import type { GroupScopeUse } from './agents/service.js';
import { apiTokensModule } from './api-tokens/routes.js';
import { approvedDevicesModule } from './approved-devices/routes.js';
import { auditEventsModule } from './audit-events/routes.js';
import { bundlesModule } from './bundles/routes.js';
import { signingKeysModule } from './bundles/signing-key-routes.js';
import { classificationsModule } from './classifications/routes.js';
import { detectorsModule } from './detectors/routes.js';
import { directorySourcesModule } from './directory-sources/public.js';
import { discoveryScanAgentModule, discoveryScansModule } from './discovery-scans/public.js';
import { enrollmentTokensModule } from './enrollment/routes.js';
import { evidenceConsoleModule } from './evidence/console-routes.js';
import { evidenceAgentModule } from './evidence/routes.js';
import { exceptionAgentModule, exceptionRequestsModule } from './exception-requests/public.js';
import { fingerprintCorporaModule } from './fingerprint-corpora/public.js';
import { identityModule } from './identity/routes.js';
import { incidentAnswerModule } from './incidents/answer-route.js';
import { incidentAssignmentRulesModule } from './incidents/assignment-rules-routes.js';
import { incidentBulkModule } from './incidents/bulk-routes.js';
import { incidentClosureModule } from './incidents/closure-routes.js';
import { coverageGapsModule } from './incidents/coverage-routes.js';
import { incidentExportModule } from './incidents/export-routes.js';
import { incidentLinksModule } from './incidents/links-routes.js';
import { incidentMarkingModule } from './incidents/marking-routes.js';
import { incidentNamesModule } from './incidents/names-routes.js';
import { incidentPatternsModule } from './incidents/patterns-routes.js';
import { incidentPlaybooksModule } from './incidents/playbooks-routes.js';
import { reportIncidents } from './incidents/public.js';
import { incidentsModule } from './incidents/routes.js';
import { visible as visibleIncident } from './incidents/service.js';
import { incidentSlaModule } from './incidents/sla-routes.js';
import { incidentTestFoldersModule } from './incidents/test-folders-routes.js';
import { incidentWorkflowModule } from './incidents/workflow-routes.js';
import { ldapModule } from './ldap/public.js';
import { networkIndicatorsModule } from './network-indicators/routes.js';
import { overviewModule } from './overview/public.js';
import { bundleCompileModule } from './policies/bundle-compile-routes.js';
import { policyPreviewModule } from './policies/preview-routes.js';
import { policyReleaseModule } from './policies/release-routes.js';
import { policiesModule } from './policies/routes.js';
import { policySettingsModule } from './policies/settings-routes.js';
import { policySwitchModule } from './policies/switch-routes.js';
import { policyPackagesModule } from './policy-packages/public.js';
import { classificationBindingPort, policyCompilePort, policyPort } from './policy-wiring.js';
import { promptMessagesModule } from './prompt-messages/routes.js';
import { reportSchedulesModule } from './report-schedules/public.js';
import { reportsModule } from './reports/public.js';
import { roleScopesOfGroup } from './roles/public.js';
import { rolesModule } from './roles/routes.js';
import { removeTeamViews, savedViewsModule } from './saved-views/public.js';
import { scimModule } from './scim/routes.js';
import { searchModule } from './search/public.js';
import { ssoModule } from './sso/routes.js';
import { teamsModule } from './teams/public.js';
import { userRedeemModule } from './users/redeem-routes.js';
import { usersModule } from './users/routes.js';

/**
 * The module registry: each domain exports one Fastify plugin and appends one import and one
 * entry here. Each is registered inside the /api/v1 scope, after the authenticate hook, so its
 * routes are user routes unless a route's config says otherwise (see http/principal.ts).
 */
export type ApiModule = FastifyPluginAsyncTypebox;

/** Modules that do not read published policy data. Append new domains here. */
const BASE_MODULES: readonly ApiModule[] = [
  incidentsModule,
  incidentWorkflowModule,
  incidentClosureModule,
  incidentLinksModule,
  incidentExportModule,
  // Evidence access: the incidents module's visibility rule is passed in (no module import).
  evidenceConsoleModule(visibleIncident),
  incidentTestFoldersModule,
  incidentMarkingModule,
  incidentSlaModule,
  incidentNamesModule,
  incidentAssignmentRulesModule,
  incidentPlaybooksModule,
  incidentPatternsModule,
  coverageGapsModule,
  incidentBulkModule,
  identityModule,
  usersModule,
  userRedeemModule,
  apiTokensModule,
  rolesModule,
  ssoModule,
  ldapModule,
  // Directory sources and lookup (issue 20; docs/directory-sources.md).
  directorySourcesModule,
  // SCIM 2.0 provisioning and its tokens (issue 20; docs/scim.md).
  scimModule,
  auditEventsModule,
  policiesModule,
  policyReleaseModule,
  policyPreviewModule,
  policySwitchModule,
  policySettingsModule,
  // Portable policy packages (issue 25): export, dry run, import.
  policyPackagesModule,
  bundlesModule,
  signingKeysModule,
  bundleCompileModule,
  fingerprintCorporaModule(policyCompilePort),
  promptMessagesModule,
  approvedDevicesModule(policyCompilePort),
  detectorsModule,
  classificationsModule(classificationBindingPort),
  networkIndicatorsModule,
  exceptionRequestsModule,
  // Saved views and teams (issue 21): a team's deletion removes its views through the hook.
  teamsModule(removeTeamViews),
  savedViewsModule,
  // Reports (issue 21): incidents reach reports through the port (ports/report-incidents-port.ts).
  reportsModule(reportIncidents),
  // Report schedules, delivery destinations and the scheduler (issue 21, docs/report-schedules.md).
  reportSchedulesModule(reportIncidents),
  // Search across kinds and the overview (issue 21, docs/search.md, docs/overview.md).
  searchModule,
  overviewModule,
  // Activity Explorer (issue 21): agent events through agent-events' public.ts.
  activityModule,
  // Discovery scans (issue 21, docs/discovery-scans.md): console routes; the agent's below.
  discoveryScansModule,
  // Stored-events retention (issue 23): monthly partitions on PostgreSQL, batched deletes on SQLite.
  eventRetentionModule,
];

/**
 * The registry with the agent interface and the endpoint console routes over a given source of
 * published policy data (docs/agent-interface.md, Wiring). Tests and the demo pass their own
 * `PolicyPort`; the server passes the real one.
 */
export function apiModules(
  policies: PolicyPort,
  roleScopes: GroupScopeUse = roleScopesOfGroup,
): readonly ApiModule[] {
  return [
    ...BASE_MODULES,
    agentEnrollModule(policies),
    // One signed agent scope (docs/agent-interface.md); each module serving agents lists its plugin.
    agentScope([
      agentSignedModule(policies),
      evidenceAgentModule,
      incidentAnswerModule,
      exceptionAgentModule(policies),
      // Agent self-update (issue 22): the signed package download.
      agentUpdatePackageModule,
      // Discovery scans (issue 21): progress and findings of a scan the device was sent.
      discoveryScanAgentModule,
    ]),
    agentsConsoleModule(policies, roleScopes),
    enrollmentTokensModule,
    // The update manifest and rollout by endpoint group (issue 22, docs/agent-updates.md).
    agentUpdatesModule,
  ];
}

export const MODULES: readonly ApiModule[] = apiModules(policyPort);
