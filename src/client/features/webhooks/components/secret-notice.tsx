import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';

/** A signing secret in plain text, shown once after create or roll, with a copy button. */
export function SecretNotice({ secret, onDismiss }: { secret: string; onDismiss: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
      <p className="font-medium text-amber-950">Signing secret: copy it now, it is not shown again.</p>
      <code className="block font-mono text-xs break-all text-slate-900" data-testid="webhook-secret">
        {secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            void navigator.clipboard?.writeText(secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy secret'}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          Done
        </Button>
      </div>
    </div>
  );
}
