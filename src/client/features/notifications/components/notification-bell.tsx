import { Bell } from 'lucide-react';
import { useLocation } from 'wouter';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';
import { cn } from '#client/lib/cn.ts';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from '../api/notifications.ts';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The header bell (decision 045): the unread count, the newest notifications as links (choosing one marks it read
 * and opens it), and "Mark all as read". New ones arrive through the live event stream.
 */
export function NotificationBell() {
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const [, navigate] = useLocation();
  const unread = notifications.data?.unread ?? 0;
  const items = notifications.data?.items ?? [];
  return (
    // Not modal: a modal menu marks the rest of the app aria-hidden while its trigger there stays focusable
    // (axe: aria-hidden-focus); a short list of links needs no focus trap.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          aria-label={unread > 0 ? `Notifications: ${unread} unread` : 'Notifications'}
          className="relative flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Bell aria-hidden="true" className="h-5 w-5" />
          {unread > 0 && (
            <span
              aria-hidden="true"
              data-testid="notification-badge"
              className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-bold text-white"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(22rem,calc(100vw-1rem))]">
        <div className="flex items-center justify-between gap-2">
          <DropdownMenuLabel>Notifications</DropdownMenuLabel>
          {unread > 0 && (
            <DropdownMenuItem
              className="text-xs font-medium text-brand-700"
              onSelect={(event) => {
                event.preventDefault();
                markAll.mutate();
              }}
            >
              Mark all as read
            </DropdownMenuItem>
          )}
        </div>
        <DropdownMenuSeparator />
        {items.length === 0 ? (
          <p className="px-2 py-3 text-sm text-slate-600">No notifications yet.</p>
        ) : (
          <div className="max-h-96 overflow-y-auto">
            {items.map((item) => (
              <DropdownMenuItem
                key={item.id}
                data-testid="notification-item"
                data-read={item.read ? 'true' : 'false'}
                className="flex flex-col items-start gap-0.5 whitespace-normal"
                onSelect={() => {
                  if (!item.read) markRead.mutate(item.id);
                  navigate(item.link);
                }}
              >
                <span className={cn('text-sm text-slate-900', !item.read && 'font-semibold')}>
                  {!item.read && <span className="sr-only">Unread: </span>}
                  {item.title}
                </span>
                <span className="text-xs text-slate-600">{timeFormat.format(new Date(item.createdAt))}</span>
              </DropdownMenuItem>
            ))}
          </div>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
