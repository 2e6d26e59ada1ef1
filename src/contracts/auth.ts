import { z } from 'zod';

export const userRoleSchema = z.enum(['user', 'admin']);

/** spec §3 Current user, as `GET /api/auth/user` answers it (plus id and role). */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  /** false means pending admin approval. */
  verified: z.boolean(),
  role: userRoleSchema,
});

export type CurrentUser = z.infer<typeof currentUserSchema>;
export type UserRole = z.infer<typeof userRoleSchema>;
