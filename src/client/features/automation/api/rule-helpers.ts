import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { RuleTestInput, RuleTestResult } from '#contracts/assistant.ts';
import type { FindProductResult } from '#contracts/catalog.ts';
import type { CommentedPost } from '#contracts/dashboard.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { brandKeys } from '#client/lib/query-keys.ts';

/** GET /api/brands/{brandId}/commented-posts: the posts a comment rule can name. */
export const commentedPostsQueryOptions = (brandId: string) =>
  queryOptions({
    queryKey: brandKeys.commentedPosts(brandId),
    queryFn: async () =>
      (await apiRequest('GET', `/api/brands/${brandId}/commented-posts`)).json() as Promise<CommentedPost[]>,
  });
export const useCommentedPosts = (brandId: string) => useQuery(commentedPostsQueryOptions(brandId));

/** GET /api/brands/{brandId}/store/find?q=: the products a rule can send, as the store's search finds them. */
export const findRuleProducts = async (brandId: string, text: string): Promise<FindProductResult> =>
  (
    await apiRequest('GET', `/api/brands/${brandId}/store/find?${new URLSearchParams({ q: text })}`)
  ).json() as Promise<FindProductResult>;

/** POST /api/automation-rules/{ruleId}/test: what the rules would do with this text; nothing is sent. */
export const useTestRule = (ruleId: string) =>
  useMutation({
    mutationFn: async (input: RuleTestInput): Promise<RuleTestResult> =>
      (
        await apiRequest('POST', `/api/automation-rules/${ruleId}/test`, input)
      ).json() as Promise<RuleTestResult>,
  });
