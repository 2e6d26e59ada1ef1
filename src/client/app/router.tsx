import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import type { CurrentUser } from '#contracts/auth.ts';
import { withReturnTo } from '#contracts/return-to.ts';
import { paths } from '#contracts/paths.ts';
import { useCurrentUser } from '#client/hooks/use-current-user.ts';
import { replaceLocation } from '#client/lib/navigation.ts';
import { LandingRoute } from './routes/marketing/landing.tsx';
import { PrivacyRoute } from './routes/marketing/privacy.tsx';
import { TermsRoute } from './routes/marketing/terms.tsx';
import { DataDeletionRoute } from './routes/marketing/data-deletion.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';

const DashboardRoutes = lazy(() => import('./routes/dashboard/dashboard-routes.tsx'));
const AdminRoute = lazy(() => import('./routes/admin/admin.tsx'));
// Not needed to paint a public page: kept out of the landing page's JavaScript budget (bench:web, size-limit).
const LoginRoute = lazy(() => import('./routes/auth/login.tsx').then((m) => ({ default: m.LoginRoute })));
const SignupRoute = lazy(() => import('./routes/auth/signup.tsx').then((m) => ({ default: m.SignupRoute })));
const ForgotPasswordRoute = lazy(() =>
  import('./routes/auth/password-reset.tsx').then((m) => ({ default: m.ForgotPasswordRoute })),
);
const ResetPasswordRoute = lazy(() =>
  import('./routes/auth/password-reset.tsx').then((m) => ({ default: m.ResetPasswordRoute })),
);
const SampleCartRoute = lazy(() => import('./routes/sample-cart.tsx'));
const InviteRoute = lazy(() => import('./routes/auth/invite.tsx').then((m) => ({ default: m.InviteRoute })));
const ReviewModal = lazy(() =>
  import('#client/features/auth/components/review-modal.tsx').then((m) => ({ default: m.ReviewModal })),
);

/**
 * The paths a signed-out or still-loading visitor may see. The invitation page (`/invite`) is public too, but waits
 * for the session to load, so a signed-in visitor is not shown its sign-up form first.
 */
const publicPaths: ReadonlySet<string> = new Set([
  paths.home,
  paths.privacy,
  paths.terms,
  paths.dataDeletion,
  paths.login,
  paths.signup,
  paths.forgotPassword,
  paths.resetPassword,
  paths.sampleCart,
]);

/**
 * The pages signed-in and signed-out visitors both open the same way: the legal pages and the sample store's cart.
 * A fragment, not a component: wouter's `Switch` looks into fragments for its routes, not into components.
 */
const pagesForEveryone = (
  <>
    <Route path={paths.privacy} component={PrivacyRoute} />
    <Route path={paths.terms} component={TermsRoute} />
    <Route path={paths.dataDeletion} component={DataDeletionRoute} />
    <Route path={paths.sampleCart} component={SampleCartRoute} />
  </>
);

const isDashboardPath = (path: string) =>
  path === paths.dashboard.overview || path.startsWith(`${paths.dashboard.overview}/`);

/** A neutral screen while the session is read or the browser leaves: no page that might be the wrong one. */
function PageLoading() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-screen items-center justify-center bg-slate-50"
    >
      <span className="sr-only">Loading…</span>
      <span
        aria-hidden="true"
        className="h-8 w-8 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600"
      />
    </div>
  );
}

/** Route access, for signed-out or still-loading visitors. */
function PublicRoutes() {
  return (
    // One boundary for the lazy pages (sign-in, sign-up, password reset, sample cart, invitation), as the signed-in
    // routes have; the marketing pages are not lazy, and their own lazy parts wait at their own boundaries.
    <Suspense fallback={<PageLoading />}>
      <Switch>
        <Route path={paths.home} component={LandingRoute} />
        {pagesForEveryone}
        <Route path={paths.login} component={LoginRoute} />
        <Route path={paths.signup} component={SignupRoute} />
        <Route path={paths.forgotPassword} component={ForgotPasswordRoute} />
        <Route path={paths.resetPassword} component={ResetPasswordRoute} />
        <Route path={paths.invite}>
          <InviteRoute user={null} />
        </Route>
        <Route component={NotFoundRoute} />
      </Switch>
    </Suspense>
  );
}

/**
 * A signed-out visitor opening a dashboard page goes through sign-in and comes back (docs/spec-deviations.md).
 * A full navigation: /api/login is a server route.
 */
function SignInAndReturn({ path }: { path: string }) {
  useEffect(() => {
    const returnTo = `${path}${window.location.search}${window.location.hash}`;
    replaceLocation(withReturnTo(paths.apiLogin, returnTo));
  }, [path]);
  return <PageLoading />;
}

/** Signed-in routes. Unverified users get the same pages, blurred and inert, under the review modal. */
function SignedInRoutes({ user }: { user: CurrentUser }) {
  const [location] = useLocation();
  const isPending = !user.verified;
  // An invitation link works for an account still waiting for review too: accepting it verifies the account
  // (docs/spec-deviations.md), so it is not shown under the review modal.
  if (location === paths.invite) {
    return (
      <Suspense fallback={<PageLoading />}>
        <InviteRoute user={user} />
      </Suspense>
    );
  }
  const routes: ReactNode = (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        {pagesForEveryone}
        {/* Already signed in: the sign-in pages have nothing to offer. */}
        <Route path={paths.login}>
          <Redirect to={paths.home} replace />
        </Route>
        <Route path={paths.signup}>
          <Redirect to={paths.home} replace />
        </Route>
        <Route path={paths.forgotPassword}>
          <Redirect to={paths.home} replace />
        </Route>
        {/* A reset link opened while signed in still works; this session is the one kept. */}
        <Route path={paths.resetPassword} component={ResetPasswordRoute} />
        {user.role === 'admin' && user.verified ? <Route path={paths.admin} component={AdminRoute} /> : null}
        <Route>
          <DashboardRoutes />
        </Route>
      </Switch>
    </Suspense>
  );
  if (!isPending) return routes;
  return (
    <>
      <div inert className="pointer-events-none select-none blur-sm" data-testid="review-backdrop">
        {routes}
      </div>
      <Suspense fallback={null}>
        <ReviewModal email={user.email} />
      </Suspense>
    </>
  );
}

/** Route access and roles (docs/product.md). */
export function AppRouter() {
  const { user, isLoading } = useCurrentUser();
  const [location] = useLocation();
  if (isLoading) return publicPaths.has(location) ? <PublicRoutes /> : <PageLoading />;
  if (!user) return isDashboardPath(location) ? <SignInAndReturn path={location} /> : <PublicRoutes />;
  return <SignedInRoutes user={user} />;
}
