/**
 * A schema's refusal as a sentence under its field: the contracts word some refusals as whole sentences ("Choose a
 * post or reel.") and most as fragments ("must not be empty"), which read after the field's label. No message (a
 * field without an error) stays none.
 */
export function fieldMessage(label: string, message: string): string;
export function fieldMessage(label: string, message: string | undefined): string | undefined;
export function fieldMessage(label: string, message: string | undefined): string | undefined {
  if (!message) return message;
  return /^[A-Z]/.test(message) ? message : `${label} ${message}.`;
}
