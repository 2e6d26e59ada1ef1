/**
 * An email address as accounts, invitations and email changes store and compare it: without surrounding spaces,
 * lower case (mailbox names are case-insensitive in practice, and one person must not get two accounts by case).
 */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();
