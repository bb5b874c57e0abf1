import { createRootRoute, createRoute, createRouter, Navigate, Outlet } from '@tanstack/react-router';
import { AccountPage } from './pages/account/account-page.js';
import { ActivityPage } from './pages/activity/activity-page.js';
import { ApiTokensPage } from './pages/admin/api-tokens-page.js';
import { AuditPage } from './pages/admin/audit-page.js';
import { parseAuditSearch } from './pages/admin/audit-search.js';
import { RolesPage } from './pages/admin/roles-page.js';
import { SessionsPage } from './pages/admin/sessions-page.js';
import { UsersPage } from './pages/admin/users-page.js';
import { DirectorySourcesPage } from './pages/directory/directory-sources-page.js';
import { DiscoveryScanPage } from './pages/discovery/discovery-scan-page.js';
import { DiscoveryScansPage } from './pages/discovery/discovery-scans-page.js';
import { ExceptionRequestPage } from './pages/exceptions/exception-request-page.js';
import { ExceptionRequestsPage } from './pages/exceptions/exception-requests-page.js';
import { AgentPage } from './pages/fleet/agent-page.js';
import { AgentUpdatesPage } from './pages/fleet/agent-updates-page.js';
import { AgentsPage } from './pages/fleet/agents-page.js';
import { EnrollmentTokensPage } from './pages/fleet/enrollment-tokens-page.js';
import { GroupsPage } from './pages/fleet/groups-page.js';
import { IncidentPage } from './pages/incidents/incident-page.js';
import { QueuePage } from './pages/incidents/queue-page.js';
import { parseQueueSearch } from './pages/incidents/queue-search.js';
import { OverviewPage } from './pages/overview/overview-page.js';
import { ApprovedDevicesPage } from './pages/policies/approved-devices-page.js';
import { BundlesPage } from './pages/policies/bundles-page.js';
import { ClassificationsPage } from './pages/policies/classifications-page.js';
import { DetectorsPage } from './pages/policies/detectors-page.js';
import { EditPolicyPage, NewPolicyPage } from './pages/policies/editor-page.js';
import { FingerprintCorporaPage } from './pages/policies/fingerprint-corpora-page.js';
import { parseInventorySearch } from './pages/policies/inventory-search.js';
import { PoliciesPage } from './pages/policies/policies-page.js';
import { PolicyPage } from './pages/policies/policy-page.js';
import { PolicySettingsPage } from './pages/policies/policy-settings-page.js';
import { PromptMessagesPage } from './pages/policies/prompt-messages-page.js';
import { ReorderPage } from './pages/policies/reorder-page.js';
import { parseSimulateSearch, SimulatePage } from './pages/policies/simulate-page.js';
import { ExportRequestsPage } from './pages/reports/export-requests-page.js';
import { ReportRunPage } from './pages/reports/report-run-page.js';
import { ReportsPage } from './pages/reports/reports-page.js';
import { ApproverLabelPage } from './pages/settings/approver-label-page.js';
import { DeliveryDestinationsPage } from './pages/settings/delivery-destinations-page.js';
import { IncidentClosurePage } from './pages/settings/incident-closure-page.js';
import { IncidentResponsePage } from './pages/settings/incident-response-page.js';
import { NetworkIndicatorsPage } from './pages/settings/network-indicators-page.js';
import { SignInSettingsPage } from './pages/settings/sign-in-settings-page.js';
import { SigningKeysPage } from './pages/settings/signing-keys-page.js';
import { TestFoldersPage } from './pages/settings/test-folders-page.js';
import { AcceptInvitationPage } from './pages/sign-in/accept-invitation-page.js';
import { ResetPasswordPage } from './pages/sign-in/reset-password-page.js';
import { SignInPage } from './pages/sign-in/sign-in-page.js';
import { SignedInLayout } from './session/signed-in-layout.js';
import { PageError, PageNotFound } from './ui/fallbacks.js';

const root = createRootRoute({ component: Outlet });

// Public pages (document 3): sign-in and the two fragment links.
const signIn = createRoute({ getParentRoute: () => root, path: '/sign-in', component: SignInPage });
const acceptInvitation = createRoute({
  getParentRoute: () => root,
  path: '/accept-invitation',
  component: AcceptInvitationPage,
});
const resetPassword = createRoute({
  getParentRoute: () => root,
  path: '/reset-password',
  component: ResetPasswordPage,
});

// Everything else needs a session.
const signedIn = createRoute({ getParentRoute: () => root, id: 'signed-in', component: SignedInLayout });
const home = createRoute({
  getParentRoute: () => signedIn,
  path: '/',
  component: () => <Navigate to="/overview" />,
});
// The overview (issue 21, docs/overview.md): the landing page after sign-in.
const overview = createRoute({ getParentRoute: () => signedIn, path: '/overview', component: OverviewPage });
const queue = createRoute({
  getParentRoute: () => signedIn,
  path: '/incidents',
  validateSearch: parseQueueSearch,
  component: QueuePage,
});
const incident = createRoute({
  getParentRoute: () => signedIn,
  path: '/incidents/$id',
  component: IncidentPage,
});

const account = createRoute({ getParentRoute: () => signedIn, path: '/account', component: AccountPage });

// Fleet and administration (docs/console.md); the navigation shows each by permission.
const agents = createRoute({ getParentRoute: () => signedIn, path: '/agents', component: AgentsPage });
const agent = createRoute({ getParentRoute: () => signedIn, path: '/agents/$id', component: AgentPage });
const enrollmentTokens = createRoute({
  getParentRoute: () => signedIn,
  path: '/enrolment-tokens',
  component: EnrollmentTokensPage,
});
const users = createRoute({ getParentRoute: () => signedIn, path: '/users', component: UsersPage });
const apiTokens = createRoute({
  getParentRoute: () => signedIn,
  path: '/api-tokens',
  component: ApiTokensPage,
});
const audit = createRoute({
  getParentRoute: () => signedIn,
  path: '/audit',
  validateSearch: parseAuditSearch,
  component: AuditPage,
});
// Identity (issue 20): roles and the organisation's sessions.
const roles = createRoute({ getParentRoute: () => signedIn, path: '/roles', component: RolesPage });
const sessions = createRoute({ getParentRoute: () => signedIn, path: '/sessions', component: SessionsPage });
const adminRoutes = [agents, agent, enrollmentTokens, users, apiTokens, audit, roles, sessions] as const;

// Exception requests (issue 18; docs/exception-requests.md): the approvers' queue and one request.
const exceptionRequests = createRoute({
  getParentRoute: () => signedIn,
  path: '/exception-requests',
  component: ExceptionRequestsPage,
});
const exceptionRequest = createRoute({
  getParentRoute: () => signedIn,
  path: '/exception-requests/$id',
  component: ExceptionRequestPage,
});
const exceptionRoutes = [exceptionRequests, exceptionRequest] as const;
// Reports (issue 21; docs/reports.md): the list, a run with its exports, export requests.
const reportList = createRoute({ getParentRoute: () => signedIn, path: '/reports', component: ReportsPage });
const reportRequests = createRoute({
  getParentRoute: () => signedIn,
  path: '/reports/export-requests',
  component: ExportRequestsPage,
});
const reportRun = createRoute({
  getParentRoute: () => signedIn,
  path: '/reports/$id',
  component: ReportRunPage,
});
const reportRoutes = [reportList, reportRequests, reportRun] as const;
// The Activity Explorer and discovery scans (issue 21; docs/activity-explorer.md, docs/discovery-scans.md).
const activity = createRoute({ getParentRoute: () => signedIn, path: '/activity', component: ActivityPage });
const discoveryScans = createRoute({
  getParentRoute: () => signedIn,
  path: '/discovery-scans',
  component: DiscoveryScansPage,
});
const discoveryScan = createRoute({
  getParentRoute: () => signedIn,
  path: '/discovery-scans/$id',
  component: DiscoveryScanPage,
});
const insightRoutes = [activity, discoveryScans, discoveryScan] as const;
// Policies (issue 17, docs/console.md "Policies"); the navigation shows them by permission.
const policies = createRoute({
  getParentRoute: () => signedIn,
  path: '/policies',
  validateSearch: parseInventorySearch,
  component: PoliciesPage,
});
const policyNew = createRoute({
  getParentRoute: () => signedIn,
  path: '/policies/new',
  component: NewPolicyPage,
});
const policyOrder = createRoute({
  getParentRoute: () => signedIn,
  path: '/policies/order',
  component: ReorderPage,
});
const policySimulate = createRoute({
  getParentRoute: () => signedIn,
  path: '/policies/simulate',
  validateSearch: parseSimulateSearch,
  component: SimulatePage,
});
const policy = createRoute({ getParentRoute: () => signedIn, path: '/policies/$id', component: PolicyPage });
const policyEdit = createRoute({
  getParentRoute: () => signedIn,
  path: '/policies/$id/edit',
  component: EditPolicyPage,
});
const bundles = createRoute({
  getParentRoute: () => signedIn,
  path: '/policy-bundles',
  component: BundlesPage,
});
const promptMessages = createRoute({
  getParentRoute: () => signedIn,
  path: '/prompt-messages',
  component: PromptMessagesPage,
});
const approvedDevices = createRoute({
  getParentRoute: () => signedIn,
  path: '/approved-devices',
  component: ApprovedDevicesPage,
});
const classifications = createRoute({
  getParentRoute: () => signedIn,
  path: '/classifications',
  component: ClassificationsPage,
});
const detectors = createRoute({
  getParentRoute: () => signedIn,
  path: '/detectors',
  component: DetectorsPage,
});
const fingerprintCorpora = createRoute({
  getParentRoute: () => signedIn,
  path: '/fingerprint-corpora',
  component: FingerprintCorporaPage,
});
const policySettings = createRoute({
  getParentRoute: () => signedIn,
  path: '/policy-settings',
  component: PolicySettingsPage,
});
const policyRoutes = [
  policies,
  policyNew,
  policyOrder,
  policySimulate,
  policy,
  policyEdit,
  bundles,
  promptMessages,
  approvedDevices,
  classifications,
  detectors,
  fingerprintCorpora,
  policySettings,
] as const;
// Endpoint groups and settings (docs/console.md, Fleet and administration).
const agentGroups = createRoute({
  getParentRoute: () => signedIn,
  path: '/agent-groups',
  component: GroupsPage,
});
const networkIndicators = createRoute({
  getParentRoute: () => signedIn,
  path: '/settings/network-indicators',
  component: NetworkIndicatorsPage,
});
const directorySources = createRoute({
  getParentRoute: () => signedIn,
  path: '/settings/directory-sources',
  component: DirectorySourcesPage,
});
const signInSettings = createRoute({
  getParentRoute: () => signedIn,
  path: '/settings/sign-in',
  component: SignInSettingsPage,
});
const signingKeys = createRoute({
  getParentRoute: () => signedIn,
  path: '/settings/signing-keys',
  component: SigningKeysPage,
});
// Agent updates: the update manifest by endpoint group (docs/agent-updates.md).
const agentUpdates = createRoute({
  getParentRoute: () => signedIn,
  path: '/agent-updates',
  component: AgentUpdatesPage,
});
// Incident settings (document 2; docs/console.md, Incident settings).
const incidentClosure = createRoute({
  getParentRoute: () => signedIn,
  path: '/settings/incident-closure',
  component: IncidentClosurePage,
});
const incidentResponse = createRoute({
  getParentRoute: () => signedIn,
  path: '/settings/incident-response',
  component: IncidentResponsePage,
});
const testFolders = createRoute({
  getParentRoute: () => signedIn,
  path: '/settings/test-folders',
  component: TestFoldersPage,
});
const approverLabel = createRoute({
  getParentRoute: () => signedIn,
  path: '/settings/approver-label',
  component: ApproverLabelPage,
});
// Report delivery destinations (issue 21; docs/report-schedules.md).
const deliveryDestinations = createRoute({
  getParentRoute: () => signedIn,
  path: '/settings/report-delivery',
  component: DeliveryDestinationsPage,
});
const settingsRoutes = [
  agentGroups,
  networkIndicators,
  directorySources,
  signInSettings,
  incidentClosure,
  incidentResponse,
  testFolders,
  approverLabel,
  deliveryDestinations,
  signingKeys,
  agentUpdates,
] as const;

const tree = root.addChildren([
  signIn,
  acceptInvitation,
  resetPassword,
  signedIn.addChildren([
    home,
    overview,
    queue,
    incident,
    account,
    ...adminRoutes,
    ...exceptionRoutes,
    ...reportRoutes,
    ...insightRoutes,
    ...policyRoutes,
    ...settingsRoutes,
  ]),
]);

export const router = createRouter({
  routeTree: tree,
  defaultPreload: false,
  defaultErrorComponent: PageError,
  defaultNotFoundComponent: PageNotFound,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
