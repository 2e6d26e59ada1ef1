import { Route, Switch } from 'wouter';
import { paths } from '#client/config/paths.ts';
import { NotFoundRoute } from '../not-found.tsx';

/**
 * The signed-in part of the app, loaded as its own chunk so public pages carry no dashboard code.
 * spec §2: `/` and `/dashboard` show the overview; the sidebar's other screens are not in the router.
 */
export default function DashboardRoutes() {
  return (
    <Switch>
      <Route path={paths.home}>
        <h1>Overview</h1>
      </Route>
      <Route path={paths.dashboard.overview}>
        <h1>Overview</h1>
      </Route>
      <Route component={NotFoundRoute} />
    </Switch>
  );
}
