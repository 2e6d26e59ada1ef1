/** Full page loads (server routes such as /api/login, or a fresh start after signing in). One seam for tests. */
export function assignLocation(url: string): void {
  window.location.assign(url);
}

export function replaceLocation(url: string): void {
  window.location.replace(url);
}
