import { createRootRoute, createRoute, createRouter, Navigate, Outlet } from '@tanstack/react-router';
import { AccountPage } from './pages/account/account-page.js';
import { IncidentPage } from './pages/incidents/incident-page.js';
import { QueuePage } from './pages/incidents/queue-page.js';
import { parseQueueSearch } from './pages/incidents/queue-search.js';
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

const tree = root.addChildren([
  signIn,
  acceptInvitation,
  resetPassword,
  signedIn.addChildren([home, queue, incident, account]),
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
