import { z } from './zod.ts';

/** An account awaiting review by the admin team. */
export const pendingUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  createdAt: z.string(),
});

export const pendingUsersResponseSchema = z.object({ users: z.array(pendingUserSchema) });

export const userIdParamsSchema = z.object({ id: z.uuid('must be a user id') });

export const reviewResultSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(['approved', 'rejected']),
});

export type PendingUser = z.infer<typeof pendingUserSchema>;
export type PendingUsersResponse = z.infer<typeof pendingUsersResponseSchema>;
export type ReviewResult = z.infer<typeof reviewResultSchema>;
