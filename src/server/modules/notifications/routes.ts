import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationListLimit,
  notificationListSchema,
  notificationParamsSchema,
  type NotificationKind,
  type NotificationList,
} from '#contracts/notifications.ts';
import type { Database } from '#server/db/client.ts';
import { notifications, workspaceMembers } from '#server/db/schema/index.ts';
import { AppError } from '#server/errors.ts';
import { currentUser, requestWorkspaceId } from '#server/plugins/auth.ts';
import { errorAnswers, noContent, verifiedRoutes } from '#server/plugins/verified-route.ts';

const route = verifiedRoutes(errorAnswers(400, 401, 403, 404));

/**
 * The header bell (decision 045): the caller's own notifications in the request's workspace, while they are a
 * member of it. Rows are written by `server/notifications/notify.ts`; every statement here is keyed by the caller,
 * so another user's notification answers 404 like a missing one.
 */
export const notificationRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const isMember = (userId: string, workspaceId: string) =>
    sql`exists (select 1 from ${workspaceMembers} where ${workspaceMembers.workspaceId} = ${workspaceId}
      and ${workspaceMembers.userId} = ${userId})`;
  const mine = (userId: string, workspaceId: string) =>
    and(
      eq(notifications.userId, userId),
      eq(notifications.workspaceId, workspaceId),
      isMember(userId, workspaceId),
    );

  app.get(
    '/notifications',
    route({ response: { 200: notificationListSchema } }),
    async (request, reply): Promise<NotificationList> => {
      const userId = currentUser(request).id;
      const scope = mine(userId, requestWorkspaceId(request));
      const [rows, [unread]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(scope)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(notificationListLimit),
        db
          .select({ n: count() })
          .from(notifications)
          .where(and(scope, isNull(notifications.readAt))),
      ]);
      reply.header('cache-control', 'no-store');
      return {
        items: rows.map((row) => ({
          id: row.id,
          kind: row.kind as NotificationKind,
          title: row.title,
          link: row.link,
          brandId: row.brandId,
          read: row.readAt !== null,
          createdAt: row.createdAt.toISOString(),
        })),
        unread: Number(unread?.n ?? 0),
      };
    },
  );

  app.post(
    '/notifications/:notificationId/read',
    route({ params: notificationParamsSchema, response: noContent }),
    async (request, reply) => {
      const userId = currentUser(request).id;
      const updated = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(eq(notifications.id, request.params.notificationId), eq(notifications.userId, userId)))
        .returning({ id: notifications.id });
      if (updated.length === 0) throw new AppError('NOT_FOUND', 'Notification not found');
      return reply.status(204).send(null);
    },
  );

  app.post('/notifications/read-all', route({ response: noContent }), async (request, reply) => {
    const userId = currentUser(request).id;
    await db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(mine(userId, requestWorkspaceId(request)), isNull(notifications.readAt)));
    return reply.status(204).send(null);
  });
};
