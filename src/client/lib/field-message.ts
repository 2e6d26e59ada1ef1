/**
 * A schema's refusal as a sentence under its field: the contracts word some refusals as whole sentences ("Choose a
 * post or reel.") and most as fragments ("must not be empty"), which read after the field's label.
 */
export const fieldMessage = (label: string, message: string): string =>
  /^[A-Z]/.test(message) ? message : `${label} ${message}.`;
