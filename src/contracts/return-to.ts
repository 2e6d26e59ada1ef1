/** Where a visitor goes after signing in when there is no (safe) returnTo. */
export const defaultReturnTo = '/';

const base = 'http://voicecart.invalid';
/** Pages that would loop back into signing in, or API calls a browser should never be sent to. */
const excluded = /^\/(api(\/|$)|login(\/|$|\?|#)|signup(\/|$|\?|#))/;

function normalise(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // The checks above hold for what was given; the browser goes to what comes out: `/.//evil.example`
  // normalises to `//evil.example`, another host.
  if (path.startsWith('//') || excluded.test(path)) return null;
  return path;
}

/**
 * A same-site path to send the browser to after signing in, or null. Rejects absolute URLs, protocol-relative
 * `//host`, backslashes (browsers treat `/\host` as `//host`), control characters, anything not starting
 * with a single `/`, and paths into the API or back to the sign-in pages.
 */
export function toSafeReturnTo(value: unknown): string | null {
  const path = normalise(value);
  // Only a fixed point is returned, so checking the result again gives the same answer.
  return path !== null && normalise(path) === path ? path : null;
}

/** A path that brings the visitor back to `returnTo` afterwards (sign-in, sign-up); the path alone without one. */
export function withReturnTo(path: string, returnTo: string | null | undefined): string {
  return returnTo ? `${path}?${new URLSearchParams({ returnTo })}` : path;
}
