import { toast } from '#client/hooks/use-toast.ts';
import { getServerMessage } from './api-client.ts';

/** The product's error-toast pattern: a destructive 'Error' toast with the server's message, else a "Failed to …" sentence. */
export function toastFailure(error: unknown, fallback: string): void {
  toast({ variant: 'destructive', title: 'Error', description: getServerMessage(error) ?? fallback });
}

/** The success-toast pattern: a short title and one sentence. */
export function toastSuccess(title: string, description: string): void {
  toast({ title, description });
}
