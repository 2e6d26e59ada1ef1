import type { CurrentUser } from '#contracts/auth.ts';

type NameFields = Partial<Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>>;

const clean = (value: string | null | undefined) => value?.trim() || '';

/** First letters of first and last name, else the first two letters of the email, else U. */
export function getInitials(user: NameFields | null | undefined): string {
  const first = clean(user?.firstName);
  const last = clean(user?.lastName);
  if (first && last) return `${first[0]}${last[0]}`.toUpperCase();
  const email = clean(user?.email);
  if (email) return email.slice(0, 2).toUpperCase();
  return 'U';
}

/** Full name, else first name, else email, else User. */
export function getDisplayName(user: NameFields | null | undefined): string {
  const first = clean(user?.firstName);
  const last = clean(user?.lastName);
  if (first && last) return `${first} ${last}`;
  if (first) return first;
  return clean(user?.email) || 'User';
}

/** Overview greeting: first name, else the part of the email before the @, else "there". */
export function getGreetingName(user: NameFields | null | undefined): string {
  const first = clean(user?.firstName);
  if (first) return first;
  const local = clean(user?.email).split('@')[0];
  return local || 'there';
}
