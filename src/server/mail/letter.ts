/** How an email to a person opens: by their first name when the account has one. */
export const greetingFor = (firstName: string | null | undefined): string =>
  firstName ? `Hi ${firstName},` : 'Hello,';

/**
 * The text of an email from Voicecart to a person: the greeting, each paragraph (its lines) and the sign-off, a
 * blank line between each.
 */
export function letterText(greeting: string, ...paragraphs: string[][]): string {
  return [[greeting], ...paragraphs, ['The Voicecart team']].map((lines) => lines.join('\n')).join('\n\n');
}
