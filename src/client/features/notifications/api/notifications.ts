import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationList } from '#contracts/notifications.ts';
import { useVerifiedQuery } from '#client/hooks/use-verified-query.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { notificationKeys } from '#client/lib/query-keys.ts';

/** The live feed invalidates this key on a `notification` event (hooks/use-live-events.ts): no polling. */

/** GET /api/notifications: the newest of the current workspace and the unread count. */
export const useNotifications = () => useVerifiedQuery<NotificationList>({ queryKey: notificationKeys.all });

/** POST /api/notifications/{id}/read, shown read at once. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('POST', `/api/notifications/${id}/read`);
    },
    onMutate: (id) => {
      queryClient.setQueryData<NotificationList>(notificationKeys.all, (list) =>
        list
          ? {
              unread: Math.max(
                0,
                list.unread - (list.items.some((item) => item.id === id && !item.read) ? 1 : 0),
              ),
              items: list.items.map((item) => (item.id === id ? { ...item, read: true } : item)),
            }
          : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** POST /api/notifications/read-all */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/notifications/read-all');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
