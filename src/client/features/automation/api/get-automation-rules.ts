import { queryOptions, useQuery } from '@tanstack/react-query';
import { listPaging, type AutomationRule } from '#contracts/dashboard.ts';
import { fetchAllPages } from '#client/lib/fetch-page.ts';
import { brandKeys } from '#client/lib/query-keys.ts';

/** GET /api/brands/{brandId}/automation-rules: a brand's rules are few, so every page is followed. */
export const getAutomationRules = (brandId: string) =>
  fetchAllPages<AutomationRule>(`/api/brands/${brandId}/automation-rules`, listPaging.maxLimit);

export const automationRulesQueryOptions = (brandId: string) =>
  queryOptions({
    queryKey: brandKeys.automationRules(brandId),
    queryFn: () => getAutomationRules(brandId),
  });

export const useAutomationRules = (brandId: string | undefined) =>
  useQuery({ ...automationRulesQueryOptions(brandId ?? ''), enabled: Boolean(brandId) });
