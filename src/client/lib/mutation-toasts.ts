import { toast } from '#client/hooks/use-toast.ts';
import { getServerMessage } from './api-client.ts';

/** spec §8's pattern: a destructive 'Error' toast with the server's message, else a "Failed to …" sentence. */
export function toastFailure(error: unknown, fallback: string): void {
  toast({ variant: 'destructive', title: 'Error', description: getServerMessage(error) ?? fallback });
}

/** spec §8's pattern for success: a short title and one sentence. */
export function toastSuccess(title: string, description: string): void {
  toast({ title, description });
}
