import { createRootRoute, createRoute, createRouter, Navigate, Outlet } from '@tanstack/react-router';
import { AccountPage } from './pages/account/account-page.js';
import { ApiTokensPage } from './pages/admin/api-tokens-page.js';
import { AuditPage } from './pages/admin/audit-page.js';
import { parseAuditSearch } from './pages/admin/audit-search.js';
import { SessionsPage } from './pages/admin/sessions-page.js';
import { UsersPage } from './pages/admin/users-page.js';
import { AgentPage } from './pages/fleet/agent-page.js';
import { AgentsPage } from './pages/fleet/agents-page.js';
import { EnrolmentTokensPage } from './pages/fleet/enrolment-tokens-page.js';
import { GroupsPage } from './pages/fleet/groups-page.js';
import { IncidentPage } from './pages/incidents/incident-page.js';
import { QueuePage } from './pages/incidents/queue-page.js';
import { parseQueueSearch } from './pages/incidents/queue-search.js';
import { NetworkIndicatorsPage } from './pages/settings/network-indicators-page.js';
import { SignInSettingsPage } from './pages/settings/sign-in-settings-page.js';
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
  component: () => <Navigate to="/incidents" />,
});
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
const enrolmentTokens = createRoute({
  getParentRoute: () => signedIn,
  path: '/enrolment-tokens',
  component: EnrolmentTokensPage,
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
const signInSettings = createRoute({
  getParentRoute: () => signedIn,
  path: '/settings/sign-in',
  component: SignInSettingsPage,
});
const sessions = createRoute({ getParentRoute: () => signedIn, path: '/sessions', component: SessionsPage });
const settingsRoutes = [agentGroups, networkIndicators, signInSettings, sessions] as const;
const adminRoutes = [agents, agent, enrolmentTokens, users, apiTokens, audit] as const;

const tree = root.addChildren([
  signIn,
  acceptInvitation,
  resetPassword,
  signedIn.addChildren([home, queue, incident, account, ...adminRoutes, ...settingsRoutes]),
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
