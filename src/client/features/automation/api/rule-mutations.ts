import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateRuleInput, UpdateRuleInput } from '#contracts/dashboard-actions.ts';
import type { AutomationRule } from '#contracts/dashboard.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { toastFailure, toastSuccess } from '#client/lib/mutation-toasts.ts';
import { automationRulesQueryOptions } from './get-automation-rules.ts';

/** POST /api/brands/{brandId}/automation-rules. */
export const createRule = async (brandId: string, input: CreateRuleInput): Promise<AutomationRule> =>
  (
    await apiRequest('POST', `/api/brands/${brandId}/automation-rules`, input)
  ).json() as Promise<AutomationRule>;

/** PATCH /api/automation-rules/{ruleId}: any field, `active` alone too. */
export const updateRule = async (ruleId: string, input: UpdateRuleInput): Promise<AutomationRule> =>
  (await apiRequest('PATCH', `/api/automation-rules/${ruleId}`, input)).json() as Promise<AutomationRule>;

/** DELETE /api/automation-rules/{ruleId}. */
export const deleteRule = async (ruleId: string): Promise<void> => {
  await apiRequest('DELETE', `/api/automation-rules/${ruleId}`);
};

export function useCreateRule(brandId: string) {
  const queryClient = useQueryClient();
  const key = automationRulesQueryOptions(brandId).queryKey;
  return useMutation({
    mutationFn: (input: CreateRuleInput) => createRule(brandId, input),
    onSuccess: (rule) => {
      queryClient.setQueryData(key, (rules) => (rules ? [...rules, rule] : [rule]));
      toastSuccess('Rule created', `"${rule.name}" is ${rule.active ? 'active' : 'saved, switched off'}.`);
    },
    onError: (error) => toastFailure(error, 'Failed to create the rule. Please try again.'),
  });
}

/** Optimistic for the toggle and edits: the list changes at once and goes back if the server refuses. */
export function useUpdateRule(brandId: string) {
  const queryClient = useQueryClient();
  const key = automationRulesQueryOptions(brandId).queryKey;
  return useMutation({
    mutationFn: ({ ruleId, input }: { ruleId: string; input: UpdateRuleInput }) => updateRule(ruleId, input),
    onMutate: async ({ ruleId, input }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      if (input.active !== undefined) {
        queryClient.setQueryData(key, (rules) =>
          rules?.map((rule) => (rule.id === ruleId ? { ...rule, active: input.active! } : rule)),
        );
      }
      return { previous };
    },
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toastFailure(error, 'Failed to update the rule. Please try again.');
    },
    onSuccess: (rule, { input }) => {
      // A write's answer carries no firing count: the list keeps the one it has.
      queryClient.setQueryData(key, (rules) =>
        rules?.map((r) => (r.id === rule.id ? { ...rule, firedLast30Days: r.firedLast30Days } : r)),
      );
      const onlyActive = Object.keys(input).length === 1 && input.active !== undefined;
      if (onlyActive)
        toastSuccess(
          rule.active ? 'Rule on' : 'Rule off',
          `"${rule.name}" is ${rule.active ? 'active' : 'switched off'}.`,
        );
      else toastSuccess('Rule saved', `"${rule.name}" was updated.`);
    },
  });
}

export function useDeleteRule(brandId: string) {
  const queryClient = useQueryClient();
  const key = automationRulesQueryOptions(brandId).queryKey;
  return useMutation({
    mutationFn: (rule: AutomationRule) => deleteRule(rule.id),
    onSuccess: (_result, rule) => {
      queryClient.setQueryData(key, (rules) => rules?.filter((r) => r.id !== rule.id));
      toastSuccess('Rule deleted', `"${rule.name}" was deleted.`);
    },
    onError: (error) => toastFailure(error, 'Failed to delete the rule. Please try again.'),
  });
}
