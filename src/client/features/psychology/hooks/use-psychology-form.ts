import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  defaultAssistantSettings,
  updateAssistantSettingsInputSchema,
  type AssistantSettings,
  type UpdateAssistantSettingsInput,
} from '#contracts/assistant.ts';
import { updatePersonalityInputSchema, type UpdatePersonalityInput } from '#contracts/dashboard-actions.ts';
import { defaultBrandPersonality, type BrandPersonality } from '#contracts/dashboard.ts';
import { toastFailure, toastSuccess } from '#client/lib/mutation-toasts.ts';
import { assistantSettingsQueryOptions } from '../api/get-assistant-settings.ts';
import { personalityQueryOptions } from '../api/get-personality.ts';
import { saveAssistantSettings } from '../api/save-assistant-settings.ts';
import { savePersonality } from '../api/save-personality.ts';
import { useUnsavedChangesGuard } from '../components/unsaved-changes.ts';

/** What Psychology Settings edits: the personality and the assistant's "say it is automated" setting. */
export type PsychologyValues = UpdatePersonalityInput & AssistantSettings;

/** The form's check: the personality by the API's own schema, the notice setting by its own. */
const psychologyResolver = zodResolver(
  updatePersonalityInputSchema.extend(updateAssistantSettingsInputSchema.shape),
);

/** Reset to Defaults: Everyman, Friendly, empty texts, and the notice on (on by default). */
export const defaultPsychologyValues: PsychologyValues = {
  ...defaultBrandPersonality,
  ...defaultAssistantSettings,
};

export const pickPersonality = (values: UpdatePersonalityInput): UpdatePersonalityInput => ({
  archetype: values.archetype,
  tone: values.tone,
  voiceDescription: values.voiceDescription,
  exampleResponses: values.exampleResponses,
});
const isSamePersonality = (a: UpdatePersonalityInput, b: UpdatePersonalityInput) =>
  a.archetype === b.archetype &&
  a.tone === b.tone &&
  a.voiceDescription === b.voiceDescription &&
  a.exampleResponses === b.exampleResponses;

interface SaveInput {
  personality?: UpdatePersonalityInput;
  settings?: UpdateAssistantSettingsInput;
}
interface SaveResult {
  personality?: BrandPersonality;
  settings?: AssistantSettings;
  /** The first request that failed, with the words for the toast when the server gave none. */
  failure?: { error: unknown; fallback: string };
}

/**
 * Save Settings: the personality and the assistant settings are two resources (two PUTs, sent side by side). One
 * toast for the pair: success when both saved, else the failure; a part that saved stays saved.
 */
function useSavePsychology(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ personality, settings }: SaveInput): Promise<SaveResult> => {
      const [personalityResult, settingsResult] = await Promise.allSettled([
        personality ? savePersonality(brandId, personality) : undefined,
        settings ? saveAssistantSettings(brandId, settings) : undefined,
      ]);
      const result: SaveResult = {};
      if (personalityResult.status === 'fulfilled') result.personality = personalityResult.value;
      else
        result.failure = {
          error: personalityResult.reason,
          fallback: 'Failed to save the settings. Please try again.',
        };
      if (settingsResult.status === 'fulfilled') result.settings = settingsResult.value;
      else
        result.failure ??= {
          error: settingsResult.reason,
          fallback: 'Failed to save the automated-reply notice. Please try again.',
        };
      return result;
    },
    onSuccess: (result) => {
      if (result.personality)
        queryClient.setQueryData(personalityQueryOptions(brandId).queryKey, result.personality);
      if (result.settings)
        queryClient.setQueryData(assistantSettingsQueryOptions(brandId).queryKey, result.settings);
      if (result.failure) toastFailure(result.failure.error, result.failure.fallback);
      else toastSuccess('Settings saved', 'Voicecart AI will use these settings in its next replies.');
    },
    onError: (error) => toastFailure(error, 'Failed to save the settings. Please try again.'),
  });
}

/**
 * The Psychology Settings form's state, held here so the form and the "Try the assistant"
 * panel read the same values: whatever the form shows (typed, reset or saved) is what the preview uses. Reset to
 * Defaults changes the form only, saved by Save; leaving with unsaved changes asks first.
 */
export function usePsychologyForm(personality: BrandPersonality, settings: AssistantSettings) {
  const [saved, setSaved] = useState<PsychologyValues>(() => ({
    ...pickPersonality(personality),
    discloseAutomation: settings.discloseAutomation,
  }));
  const form = useForm<PsychologyValues>({ resolver: psychologyResolver, defaultValues: saved });
  const values = form.watch();
  const mutation = useSavePsychology(personality.brandId);
  const isPersonalityDirty = !isSamePersonality(values, saved);
  const isSettingsDirty = values.discloseAutomation !== saved.discloseAutomation;
  const isDirty = isPersonalityDirty || isSettingsDirty;
  useUnsavedChangesGuard(isDirty);

  const reset = () => form.reset({ ...defaultPsychologyValues });

  /** Validates, then saves what changed (both when nothing did, as a plain Save always did). */
  const submit = form.handleSubmit((checked) => {
    const saveAll = !isDirty;
    mutation.mutate(
      {
        personality: isPersonalityDirty || saveAll ? pickPersonality(checked) : undefined,
        settings: isSettingsDirty || saveAll ? { discloseAutomation: checked.discloseAutomation } : undefined,
      },
      {
        onSuccess: (result) =>
          setSaved((current) => ({
            ...current,
            ...(result.personality ? pickPersonality(result.personality) : {}),
            ...(result.settings ? { discloseAutomation: result.settings.discloseAutomation } : {}),
          })),
      },
    );
  });

  return {
    values,
    errors: form.formState.errors,
    register: form.register,
    isDirty,
    isSaving: mutation.isPending,
    reset,
    submit,
  };
}

export type PsychologyForm = ReturnType<typeof usePsychologyForm>;
