import { defaultReturnTo, toSafeReturnTo } from '#contracts/return-to.ts';
import { assignLocation } from '#client/lib/navigation.ts';

/** The safe `returnTo` of the current address (set by GET /api/login), if any. */
export function getReturnToFromLocation(search = window.location.search): string | undefined {
  return toSafeReturnTo(new URLSearchParams(search).get('returnTo')) ?? undefined;
}

/** A full page load, so the app starts again with the new session. */
export function goAfterSignIn(redirectTo: string): void {
  assignLocation(toSafeReturnTo(redirectTo) ?? defaultReturnTo);
}
