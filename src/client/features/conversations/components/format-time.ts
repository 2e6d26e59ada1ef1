/** A message or conversation time: the clock time today, else the date and time. */
export function formatTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  const isToday = date.toDateString() === now.toDateString();
  return isToday
    ? date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })
    : date.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** DM avatar initials are 2 characters of the username, skipping the first character. */
export function getCustomerInitials(username: string): string {
  // A one-character username has nothing after its first character: show that character instead.
  return (username.slice(1, 3) || username.slice(0, 1)).toUpperCase();
}
