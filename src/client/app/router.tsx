import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { paths } from '#client/config/paths.ts';
import { useCurrentUser } from '#client/hooks/use-current-user.ts';
import { LandingRoute } from './routes/marketing/landing.tsx';
import { PrivacyRoute } from './routes/marketing/privacy.tsx';
import { TermsRoute } from './routes/marketing/terms.tsx';
import { DataDeletionRoute } from './routes/marketing/data-deletion.tsx';
import { LoginRoute } from './routes/auth/login.tsx';
import { SignupRoute } from './routes/auth/signup.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';

const DashboardRoutes = lazy(() => import('./routes/dashboard/dashboard-routes.tsx'));

/** spec §2 Route access, for signed-out or still-loading visitors. */
function PublicRoutes() {
  return (
    <Switch>
      <Route path={paths.home} component={LandingRoute} />
      <Route path={paths.privacy} component={PrivacyRoute} />
      <Route path={paths.terms} component={TermsRoute} />
      <Route path={paths.dataDeletion} component={DataDeletionRoute} />
      <Route path={paths.login} component={LoginRoute} />
      <Route path={paths.signup} component={SignupRoute} />
      <Route component={NotFoundRoute} />
    </Switch>
  );
}

/** spec §2 Route access. The accounts work adds the review modal for unverified users. */
export function AppRouter() {
  const { user } = useCurrentUser();
  if (!user) return <PublicRoutes />;
  return (
    <Switch>
      <Route path={paths.privacy} component={PrivacyRoute} />
      <Route path={paths.terms} component={TermsRoute} />
      <Route path={paths.dataDeletion} component={DataDeletionRoute} />
      <Route>
        <Suspense fallback={null}>
          <DashboardRoutes />
        </Suspense>
      </Route>
    </Switch>
  );
}
