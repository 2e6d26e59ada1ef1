import { useMutation } from '@tanstack/react-query';
import {
  assistantPreviewResponseSchema,
  type AssistantPreviewInput,
  type AssistantPreviewResponse,
} from '#contracts/assistant.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** POST /api/brands/{brandId}/assistant/preview: the assistant's reply and trace; nothing is sent or stored. */
export async function previewAssistant(
  brandId: string,
  input: AssistantPreviewInput,
): Promise<AssistantPreviewResponse> {
  const response = await apiRequest('POST', `/api/brands/${brandId}/assistant/preview`, input);
  return assistantPreviewResponseSchema.parse(await response.json());
}

export const usePreviewAssistant = (brandId: string) =>
  useMutation({ mutationFn: (input: AssistantPreviewInput) => previewAssistant(brandId, input) });
