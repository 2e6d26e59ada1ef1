import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingState } from '#client/components/ui/query-state.tsx';
import { useLocation } from 'wouter';
import { DashboardLayout } from '#client/components/layouts/dashboard-layout.tsx';
import { WorkspaceSwitcher } from '#client/features/workspaces/components/workspace-switcher.tsx';
import { NotificationBell } from '#client/features/notifications/components/notification-bell.tsx';
import { UsageFooter } from '#client/features/billing/components/usage-footer.tsx';
import { paths } from '#contracts/paths.ts';
import { NotFoundRoute } from '../not-found.tsx';
import { AutomationRoute } from './automation.tsx';
import { InstagramRoute } from './instagram.tsx';
import { BrandsRoute } from './brands.tsx';
import { ConversationsRoute } from './conversations.tsx';
import { OverviewRoute } from './overview.tsx';
import { PsychologyRoute } from './psychology.tsx';
import { StoreRoute } from './store.tsx';
import { WebhooksRoute } from './webhooks.tsx';
import { TeamRoute } from './team.tsx';
import { SettingsApiReferenceRoute, SettingsApiRoute } from './settings-api.tsx';
import { ProfileRoute } from './profile.tsx';

/** A screen in its own chunk: its loading line shows while the chunk arrives. */
function lazyScreen(load: () => Promise<{ default: ComponentType }>, loading: string): ComponentType {
  const Screen = lazy(load);
  return function LazyScreen() {
    return (
      <Suspense fallback={<LoadingState label={loading} />}>
        <Screen />
      </Suspense>
    );
  };
}

// Its own chunk: the chart library loads only when the Revenue screen opens (decision 026).
const RevenueRoute = lazyScreen(() => import('./revenue.tsx'), 'Loading revenue...');

// The Performance screen carries the chart library: its own chunk, loaded when opened (decision 028).
const AnalyticsRoute = lazyScreen(() => import('./analytics.tsx'), 'Loading performance...');

// Billing's daily chart carries the chart library too: its own chunk (decision 026).
const BillingRoute = lazyScreen(() => import('./billing.tsx'), 'Loading billing...');

/**
 * Route access for verified users (docs/product.md): `/` and `/dashboard` show the overview, plus four screens, the
 * Instagram connections, the Store screen, Revenue and Performance (each its own lazily loaded chunk), and the
 * Settings screens: Profile, Billing (lazily, for its chart), Team, Webhooks, and API Keys with its reference page.
 */
const screens: Record<string, ComponentType> = {
  [paths.home]: OverviewRoute,
  [paths.dashboard.overview]: OverviewRoute,
  [paths.dashboard.conversations]: ConversationsRoute,
  [paths.dashboard.brands]: BrandsRoute,
  [paths.dashboard.psychology]: PsychologyRoute,
  [paths.dashboard.automation]: AutomationRoute,
  [paths.dashboard.instagram]: InstagramRoute,
  // The sidebar's Shopify link now leads to the Store screen (docs/spec-deviations.md).
  [paths.dashboard.shopify]: StoreRoute,
  [paths.dashboard.revenue]: RevenueRoute,
  [paths.dashboard.analytics]: AnalyticsRoute,
  [paths.dashboard.settingsWebhooks]: WebhooksRoute,
  [paths.dashboard.settingsTeam]: TeamRoute,
  [paths.dashboard.settingsApi]: SettingsApiRoute,
  [paths.dashboard.settingsApiReference]: SettingsApiReferenceRoute,
  [paths.dashboard.settingsProfile]: ProfileRoute,
  [paths.dashboard.settingsBilling]: BillingRoute,
};

/**
 * The signed-in part of the app, loaded as its own chunk so public pages carry no dashboard code. The layout
 * stays mounted across screens, so the sidebar keeps its open or collapsed state while navigating.
 */
export default function DashboardRoutes() {
  const [location] = useLocation();
  const Screen = Object.hasOwn(screens, location) ? screens[location] : undefined;
  if (!Screen) return <NotFoundRoute />;
  return (
    <DashboardLayout
      headerStart={<WorkspaceSwitcher />}
      notifications={<NotificationBell />}
      sidebarFooter={<UsageFooter />}
    >
      <Screen />
    </DashboardLayout>
  );
}
