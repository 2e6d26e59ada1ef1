import { Route, Switch } from 'wouter';
import { paths } from '#client/config/paths.ts';
import { LandingRoute } from './routes/marketing/landing.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';

/** spec §2 Route access. The accounts issue splits this by signed-in state. */
export function AppRouter() {
  return (
    <Switch>
      <Route path={paths.home} component={LandingRoute} />
      <Route component={NotFoundRoute} />
    </Switch>
  );
}
