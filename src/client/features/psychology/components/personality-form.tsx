import { useId, type FormEvent } from 'react';
import { actionLimits, type UpdatePersonalityInput } from '#contracts/dashboard-actions.ts';
import { brandArchetypes, brandTones } from '#contracts/dashboard.ts';
import { Button } from '#client/components/ui/button.tsx';
import type { PsychologyForm } from '../hooks/use-psychology-form.ts';

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const fieldClass =
  'rounded-md border border-slate-300 bg-white px-2 py-2 text-sm aria-[invalid=true]:border-red-700';

/**
 * Psychology Settings: Save Settings saves the whole form; Reset to Defaults puts the
 * defaults (Everyman, Friendly, empty texts, the automated-reply notice on) in the form only, saved by Save;
 * leaving with unsaved changes asks first. The state lives in usePsychologyForm, which the route shares with
 * the "Try the assistant" panel; the route keys it by brand, so a brand change starts from that brand's values.
 */
export function PersonalityForm({ form }: { form: PsychologyForm }) {
  const id = useId();
  const { values, errors, set } = form;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };

  const textArea = (
    key: 'voiceDescription' | 'exampleResponses',
    label: string,
    rows: number,
    max: number,
  ) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-${key}`} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={`${id}-${key}`}
        rows={rows}
        value={values[key]}
        onChange={(event) => set(key, event.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={`${id}-${key}-count${errors[key] ? ` ${id}-${key}-error` : ''}`}
        className={fieldClass}
      />
      <p id={`${id}-${key}-count`} className="text-xs text-slate-600">
        {values[key].length} / {max} characters
      </p>
      {errors[key] && (
        <p id={`${id}-${key}-error`} className="text-xs text-red-700">
          {label} {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <form
      className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      onSubmit={handleSubmit}
      noValidate
    >
      <div className="grid gap-5 md:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-archetype`} className="text-sm font-medium text-slate-800">
            Brand Archetype
          </label>
          <select
            id={`${id}-archetype`}
            value={values.archetype}
            onChange={(event) => set('archetype', event.target.value as UpdatePersonalityInput['archetype'])}
            className={fieldClass}
          >
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
          <select
            id={`${id}-tone`}
            value={values.tone}
            onChange={(event) => set('tone', event.target.value as UpdatePersonalityInput['tone'])}
            className={fieldClass}
          >
            {brandTones.map((tone) => (
              <option key={tone} value={tone}>
                {capitalise(tone)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {textArea('voiceDescription', 'Brand Voice Description', 4, actionLimits.voiceDescriptionMax)}
      {textArea('exampleResponses', 'Example Responses', 5, actionLimits.exampleResponsesMax)}
      {/* The first automated reply in a conversation says it is automated (on by default). */}
      <div className="flex items-start gap-2">
        <input
          id={`${id}-discloseAutomation`}
          type="checkbox"
          checked={values.discloseAutomation}
          onChange={(event) => set('discloseAutomation', event.target.checked)}
          aria-describedby={`${id}-discloseAutomation-hint`}
          className="mt-0.5 h-4 w-4 accent-brand-600"
        />
        <div className="flex flex-col gap-0.5">
          <label htmlFor={`${id}-discloseAutomation`} className="text-sm font-medium text-slate-800">
            Tell buyers the first reply is automated
          </label>
          <p id={`${id}-discloseAutomation-hint`} className="text-xs text-slate-600">
            The assistant's first reply in a conversation ends with a short note, in your tone, that it is
            automated.
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2">
        {form.isDirty && (
          <p role="status" className="mr-auto text-sm text-amber-800">
            Unsaved changes
          </p>
        )}
        <Button variant="outline" onClick={form.reset}>
          Reset to Defaults
        </Button>
        <Button type="submit" disabled={form.isSaving}>
          {form.isSaving ? 'Saving...' : 'Save Settings'}
        </Button>
      </div>
    </form>
  );
}
