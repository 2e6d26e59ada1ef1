import { z } from './zod.ts';

/** What a notification is about (decision 045). */
export const notificationKinds = [
  'conversation_escalated',
  'instagram_reconnect',
  'store_reconnect',
  'store_sync_failed',
  'webhook_endpoint_failing',
  'invitation_accepted',
] as const;
export const notificationKindSchema = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: notificationKindSchema,
  title: z.string(),
  /** A path inside the app. */
  link: z.string(),
  brandId: z.uuid().nullable(),
  read: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

/** GET /api/notifications: the newest of the caller's in the current workspace, and the unread count. */
export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;
export const notificationListLimit = 20;

export const notificationParamsSchema = z.object({ notificationId: z.uuid() });
