import { useId } from 'react';
import { brandArchetypes, brandTones, type BrandPersonality } from '#contracts/dashboard.ts';
import { Button } from '#client/components/ui/button.tsx';

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const fieldClass = 'rounded-md border border-slate-300 bg-white px-2 py-2 text-sm';

/**
 * spec §2 Psychology Settings, filled from the database. The buttons have no behaviour yet (spec: writes come
 * in a later issue), so the fields are uncontrolled and keyed by brand to refill on a brand change.
 */
export function PersonalityForm({ personality }: { personality: BrandPersonality }) {
  const id = useId();
  return (
    <form
      className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="grid gap-5 md:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-archetype`} className="text-sm font-medium text-slate-800">
            Brand Archetype
          </label>
          <select id={`${id}-archetype`} defaultValue={personality.archetype} className={fieldClass}>
            {brandArchetypes.map((archetype) => (
              <option key={archetype} value={archetype}>
                {capitalise(archetype)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-tone`} className="text-sm font-medium text-slate-800">
            Communication Tone
          </label>
          <select id={`${id}-tone`} defaultValue={personality.tone} className={fieldClass}>
            {brandTones.map((tone) => (
              <option key={tone} value={tone}>
                {capitalise(tone)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-voice`} className="text-sm font-medium text-slate-800">
          Brand Voice Description
        </label>
        <textarea
          id={`${id}-voice`}
          rows={4}
          defaultValue={personality.voiceDescription}
          className={fieldClass}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-examples`} className="text-sm font-medium text-slate-800">
          Example Responses
        </label>
        <textarea
          id={`${id}-examples`}
          rows={5}
          defaultValue={personality.exampleResponses}
          className={fieldClass}
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="outline">Reset to Defaults</Button>
        <Button>Save Settings</Button>
      </div>
    </form>
  );
}
