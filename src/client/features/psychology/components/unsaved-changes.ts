import { useEffect } from 'react';

export const UNSAVED_CHANGES_QUESTION = 'You have unsaved changes to the personality. Leave without saving?';

// One form at a time has unsaved changes; the brand picker and the links ask it before leaving.
let hasUnsavedChanges = false;

/** True when it is fine to leave: nothing unsaved, or the person agreed to drop it. */
export function confirmLeavingPersonality(): boolean {
  if (!hasUnsavedChanges) return true;
  const leave = window.confirm(UNSAVED_CHANGES_QUESTION);
  if (leave) hasUnsavedChanges = false;
  return leave;
}

/**
 * Asks before unsaved changes are lost: on a reload or closing the tab (the browser's own question), and on a
 * click on any in-app link (the sidebar, the user menu) while the form is dirty.
 */
export function useUnsavedChangesGuard(isDirty: boolean): void {
  useEffect(() => {
    hasUnsavedChanges = isDirty;
    if (!isDirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    const handleClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!anchor || anchor.getAttribute('target') === '_blank') return;
      if (!confirmLeavingPersonality()) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    // Capture phase: runs before the router's own click handler navigates.
    document.addEventListener('click', handleClick, true);
    return () => {
      hasUnsavedChanges = false;
      window.removeEventListener('beforeunload', handleBeforeUnload);
      document.removeEventListener('click', handleClick, true);
    };
  }, [isDirty]);
}
