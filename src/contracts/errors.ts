import { z } from './zod.ts';

/** One error shape for every non-2xx JSON answer from the API. */
export const errorIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});

export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  issues: z.array(errorIssueSchema).optional(),
});

export type ErrorIssue = z.infer<typeof errorIssueSchema>;
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
