import { useMutation } from '@tanstack/react-query';
// Types only: the zod schema stays out of the landing page's JavaScript; the server validates.
import type { EmailSubscribeInput, EmailSubscribeResponse, NewsletterType } from '#contracts/newsletter.ts';
import { apiRequest } from '#client/lib/api-client.ts';

export const emailSubscribeUrl = '/api/email-subscribe';

/** The footer always subscribes with type "landing footer". */
export const footerNewsletterType: NewsletterType = 'landing footer';

/** `POST /api/email-subscribe`. */
export async function subscribeNewsletter(input: EmailSubscribeInput): Promise<EmailSubscribeResponse> {
  const response = await apiRequest('POST', emailSubscribeUrl, input);
  return (await response.json()) as EmailSubscribeResponse;
}

export function useSubscribeNewsletter(
  options: {
    onSuccess?: (result: EmailSubscribeResponse) => void;
    onError?: (error: Error) => void;
  } = {},
) {
  return useMutation({ mutationFn: subscribeNewsletter, ...options });
}
