import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useLiveEvents } from '#client/hooks/use-live-events.ts';
import { MD_AND_UP, useMediaQuery } from '#client/hooks/use-media-query.ts';
import {
  BarChart3,
  Brain,
  ChevronDown,
  CreditCard,
  DollarSign,
  HelpCircle,
  Camera,
  Key,
  Webhook,
  LayoutDashboard,
  LogOut,
  MessageSquare,
  PanelLeft,
  Shield,
  ShoppingBag,
  Store,
  User,
  Users,
  X,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useLocation } from 'wouter';
import { Avatar } from '#client/components/ui/avatar.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';
import { paths } from '#contracts/paths.ts';
import { useCurrentUser } from '#client/hooks/use-current-user.ts';
import { cn } from '#client/lib/cn.ts';
import { getDisplayName, getInitials } from '#client/lib/user-display.ts';

interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
}

/** Dashboard shell: the sidebar's groups and links, in order. */
export const sidebarGroups: { title: string; items: NavItem[] }[] = [
  {
    title: 'Main',
    items: [
      { label: 'Overview', href: paths.dashboard.overview, icon: LayoutDashboard },
      { label: 'Conversations', href: paths.dashboard.conversations, icon: MessageSquare },
      { label: 'Brands', href: paths.dashboard.brands, icon: Store },
    ],
  },
  {
    title: 'Integrations',
    items: [
      { label: 'Instagram', href: paths.dashboard.instagram, icon: Camera },
      { label: 'Shopify', href: paths.dashboard.shopify, icon: ShoppingBag },
    ],
  },
  {
    title: 'Configuration',
    items: [
      { label: 'Psychology Settings', href: paths.dashboard.psychology, icon: Brain },
      { label: 'Automation Rules', href: paths.dashboard.automation, icon: Zap },
    ],
  },
  {
    title: 'Analytics',
    items: [
      { label: 'Performance', href: paths.dashboard.analytics, icon: BarChart3 },
      { label: 'Revenue', href: paths.dashboard.revenue, icon: DollarSign },
    ],
  },
  {
    title: 'Settings',
    items: [
      { label: 'Profile', href: paths.dashboard.settingsProfile, icon: User },
      { label: 'Billing', href: paths.dashboard.settingsBilling, icon: CreditCard },
      { label: 'Team', href: paths.dashboard.settingsTeam, icon: Users },
      { label: 'API Keys', href: paths.dashboard.settingsApi, icon: Key },
      { label: 'Webhooks', href: paths.dashboard.settingsWebhooks, icon: Webhook },
    ],
  },
];

/** `/` shows the overview too, so it highlights the Overview link. */
const isCurrent = (location: string, href: string) =>
  location === href || (href === paths.dashboard.overview && location === paths.home);

const SIDEBAR_ID = 'dashboard-sidebar';

/** The sidebar's brand mark, links and plan footer; `isOpen` false narrows it to icons (desktop only). */
function SidebarContents({
  isOpen,
  onClose,
  footer,
}: {
  isOpen: boolean;
  onClose?: () => void;
  footer?: ReactNode;
}) {
  const [location] = useLocation();
  return (
    <>
      <div className="flex h-14 items-center gap-2 border-b border-slate-200 px-4">
        <span
          aria-hidden="true"
          className="flex h-8 w-8 items-center justify-center rounded-md bg-brand-600 text-sm font-bold text-white"
        >
          V
        </span>
        <span className={cn('text-lg font-bold text-slate-900', !isOpen && 'sr-only')}>Voicecart</span>
        {onClose && (
          <DialogPrimitive.Close
            aria-label="Close menu"
            className="ml-auto flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </DialogPrimitive.Close>
        )}
      </div>
      <nav aria-label="Dashboard" className="flex-1 overflow-y-auto px-2 py-3">
        {sidebarGroups.map((group) => (
          <div key={group.title} className="mb-4">
            <h2
              className={cn(
                'px-2 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase',
                !isOpen && 'sr-only',
              )}
            >
              {group.title}
            </h2>
            <ul>
              {group.items.map((item) => {
                const current = isCurrent(location, item.href);
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      aria-current={current ? 'page' : undefined}
                      title={isOpen ? undefined : item.label}
                      // Choosing a link closes the drawer, even the link to the screen already shown.
                      onClick={onClose}
                      className={cn(
                        // 44 px rows in the drawer (touch); the desktop sidebar keeps its compact rows.
                        'flex min-h-11 items-center gap-3 rounded-md px-2 py-2 text-sm font-medium md:min-h-0',
                        current ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100',
                        !isOpen && 'justify-center',
                      )}
                    >
                      <item.icon aria-hidden="true" className="h-4 w-4 shrink-0" />
                      <span className={cn(!isOpen && 'sr-only')}>{item.label}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
      {isOpen && footer && (
        <div className="border-t border-slate-200 p-4 text-sm" data-testid="plan">
          {footer}
        </div>
      )}
    </>
  );
}

/** At `md` and wider: the sidebar beside the page, open or narrowed to icons. */
function Sidebar({ isOpen, footer }: { isOpen: boolean; footer?: ReactNode }) {
  return (
    <aside
      id={SIDEBAR_ID}
      data-state={isOpen ? 'open' : 'collapsed'}
      // Hidden by CSS below `md` as well: the layout is switched by a render after the window narrows, and until
      // then the wide sidebar must not push the page sideways.
      className={cn(
        'hidden shrink-0 flex-col border-r border-slate-200 bg-white transition-[width] duration-200 md:flex',
        isOpen ? 'w-64' : 'w-16',
      )}
    >
      <SidebarContents isOpen={isOpen} footer={footer} />
    </aside>
  );
}

/**
 * Below `md`: the sidebar as a drawer over the page, closed until the header's toggle opens it. A Radix dialog, so
 * focus stays inside while it is open and Escape or a tap outside closes it; choosing a link closes it too.
 */
function SidebarDrawer({
  open,
  onOpenChange,
  toggleRef,
  footer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
  footer?: ReactNode;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <DialogPrimitive.Content
          id={SIDEBAR_ID}
          data-state="open"
          aria-describedby={undefined}
          // Focus returns to the header's toggle, which opened the drawer (Radix only knows its own trigger).
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            toggleRef.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl focus:outline-none"
        >
          <DialogPrimitive.Title className="sr-only">Menu</DialogPrimitive.Title>
          <SidebarContents isOpen onClose={() => onOpenChange(false)} footer={footer} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** The user menu's links, before Help & Docs. */
const userMenuLinks: NavItem[] = [
  { label: 'Profile Settings', href: paths.dashboard.settingsProfile, icon: User },
  { label: 'Billing', href: paths.dashboard.settingsBilling, icon: CreditCard },
  { label: 'API Keys', href: paths.dashboard.settingsApi, icon: Key },
];

function UserMenu() {
  const { user } = useCurrentUser();
  const name = getDisplayName(user);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          aria-label={`User menu for ${name}`}
          className="flex min-h-11 items-center gap-2 rounded-md px-2 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Avatar src={user?.profileImageUrl} initials={getInitials(user)} className="h-8 w-8" />
          <span className="hidden sm:inline">{name}</span>
          <ChevronDown aria-hidden="true" className="h-4 w-4" />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{name}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {userMenuLinks.map((item) => (
          <DropdownMenuItem key={item.href} asChild>
            <Link href={item.href}>
              <item.icon aria-hidden="true" className="h-4 w-4" /> {item.label}
            </Link>
          </DropdownMenuItem>
        ))}
        {/* Help & Docs has no link. */}
        <DropdownMenuItem>
          <HelpCircle aria-hidden="true" className="h-4 w-4" /> Help &amp; Docs
        </DropdownMenuItem>
        {user?.role === 'admin' && (
          <DropdownMenuItem asChild>
            <Link href={paths.admin}>
              <Shield aria-hidden="true" className="h-4 w-4" /> Admin
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        {/* Sign-out is a browser navigation to the server, not a fetch. */}
        <DropdownMenuItem asChild>
          <a href={paths.apiLogout}>
            <LogOut aria-hidden="true" className="h-4 w-4" /> Sign Out
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/**
 * Dashboard shell: collapsible sidebar, header with the toggle, notifications and the user menu. The app passes
 * in what reads data (the workspace switcher, the bell, the plan footer): shared components import no feature.
 */
export function DashboardLayout({
  children,
  headerStart,
  notifications,
  sidebarFooter,
}: {
  children: ReactNode;
  headerStart?: ReactNode;
  notifications?: ReactNode;
  sidebarFooter?: ReactNode;
}) {
  const [isSidebarOpen, setIsSidebarOpen] = useState(true);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const isWide = useMediaQuery(MD_AND_UP, true);
  const [location] = useLocation();
  const { user } = useCurrentUser();
  // A navigation that did not come from the drawer's links (back button, a link on the page) closes it too.
  useEffect(() => setIsDrawerOpen(false), [location, isWide]);
  const toggleOpen = isWide ? isSidebarOpen : isDrawerOpen;
  const toggleLabel = isWide
    ? isSidebarOpen
      ? 'Collapse sidebar'
      : 'Expand sidebar'
    : isDrawerOpen
      ? 'Close menu'
      : 'Open menu';
  // Changes reach the open screens without a reload (approved users only; others read nothing).
  useLiveEvents(Boolean(user?.verified));
  return (
    <div className="flex h-screen bg-slate-50">
      <a
        href="#dashboard-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      {isWide ? (
        <Sidebar isOpen={isSidebarOpen} footer={sidebarFooter} />
      ) : (
        <SidebarDrawer
          open={isDrawerOpen}
          onOpenChange={setIsDrawerOpen}
          toggleRef={toggleRef}
          footer={sidebarFooter}
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 shrink-0 items-center justify-between border-b border-slate-200 bg-white px-2 md:px-4">
          <button
            ref={toggleRef}
            type="button"
            onClick={() => (isWide ? setIsSidebarOpen((open) => !open) : setIsDrawerOpen((open) => !open))}
            aria-expanded={toggleOpen}
            // The drawer exists only while open; point at it only then.
            aria-controls={isWide || isDrawerOpen ? SIDEBAR_ID : undefined}
            aria-label={toggleLabel}
            className="flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <PanelLeft aria-hidden="true" className="h-5 w-5" />
          </button>
          <div className="flex min-w-0 items-center gap-1 md:gap-3">
            {headerStart}
            {notifications}
            <UserMenu />
          </div>
        </header>
        <main
          id="dashboard-main"
          tabIndex={-1}
          className="min-w-0 flex-1 overflow-y-auto p-4 focus:outline-none md:p-6"
        >
          {children}
        </main>
      </div>
    </div>
  );
}
