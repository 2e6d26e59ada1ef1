import { toast } from '#client/hooks/use-toast.ts';
import { getServerMessage } from './api-client.ts';

/** The product's error-toast pattern: a destructive 'Error' toast with the server's message, else a "Failed to …" sentence. */
export function toastFailure(error: unknown, fallback: string): void {
  toastError(getServerMessage(error) ?? fallback);
}

/** The same destructive 'Error' toast for a failure the server reported inside a successful answer. */
export function toastError(description: string): void {
  toast({ variant: 'destructive', title: 'Error', description });
}

/** The success-toast pattern: a short title and one sentence. */
export function toastSuccess(title: string, description: string): void {
  toast({ title, description });
}
