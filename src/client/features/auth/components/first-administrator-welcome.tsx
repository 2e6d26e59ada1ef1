import { useEffect, useRef } from 'react';
import { defaultReturnTo, toSafeReturnTo } from '#contracts/return-to.ts';
import { Button } from '#client/components/ui/button.tsx';

/**
 * Shown instead of the sign-up form when the new account became the administrator of an instance that had
 * none: the person learns why no review follows and can open the dashboard at once. The link is
 * a full page load, so the app starts again with the new session, as after any sign-in.
 */
export function FirstAdministratorWelcome({ redirectTo }: { redirectTo: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form this replaces had the focus; move it to the news so screen readers announce it.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div role="status" className="space-y-4">
      <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
        You are the administrator
      </h2>
      <p className="text-sm text-slate-700">
        Yours is the first account on this Voicecart instance, so it is already verified and is the
        administrator. You can use the dashboard right away. People who sign up after you wait for your review
        on the Admin page.
      </p>
      <Button asChild className="w-full">
        <a href={toSafeReturnTo(redirectTo) ?? defaultReturnTo}>Open your dashboard</a>
      </Button>
    </div>
  );
}
