import { useId } from 'react';
import { actionLimits } from '#contracts/dashboard-actions.ts';
import { brandArchetypes, brandTones } from '#contracts/dashboard.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { fieldMessage } from '#client/lib/field-message.ts';
import type { PsychologyForm } from '../hooks/use-psychology-form.ts';

/** The archetypes and tones are shown as they are stored, capitalised. */
const capitalised = (words: readonly string[]) =>
  words.map((word) => ({ value: word, label: word.charAt(0).toUpperCase() + word.slice(1) }));
const fieldClass =
  'w-full rounded-md border border-slate-300 bg-white px-2 py-2 text-sm aria-[invalid=true]:border-red-700';

/**
 * Psychology Settings: Save Settings saves the whole form; Reset to Defaults puts the
 * defaults (Everyman, Friendly, empty texts, the automated-reply notice on) in the form only, saved by Save;
 * leaving with unsaved changes asks first. The state lives in usePsychologyForm, which the route shares with
 * the "Try the assistant" panel; the route keys it by brand, so a brand change starts from that brand's values.
 */
export function PersonalityForm({ form }: { form: PsychologyForm }) {
  const id = useId();
  const { values, errors, register } = form;

  const textArea = (
    key: 'voiceDescription' | 'exampleResponses',
    label: string,
    rows: number,
    max: number,
  ) => (
    <FormField
      label={label}
      description={`${values[key].length} / ${max} characters`}
      error={fieldMessage(label, errors[key]?.message)}
    >
      <textarea rows={rows} className={fieldClass} {...register(key)} />
    </FormField>
  );

  return (
    <form
      className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      onSubmit={(event) => void form.submit(event)}
      noValidate
    >
      <div className="grid gap-5 md:grid-cols-2">
        <FormField label="Brand Archetype">
          <Select className={fieldClass} options={capitalised(brandArchetypes)} {...register('archetype')} />
        </FormField>
        <FormField label="Communication Tone">
          <Select className={fieldClass} options={capitalised(brandTones)} {...register('tone')} />
        </FormField>
      </div>
      {textArea('voiceDescription', 'Brand Voice Description', 4, actionLimits.voiceDescriptionMax)}
      {textArea('exampleResponses', 'Example Responses', 5, actionLimits.exampleResponsesMax)}
      {/* The first automated reply in a conversation says it is automated (on by default). */}
      <div className="flex items-start gap-2">
        <input
          id={`${id}-discloseAutomation`}
          type="checkbox"
          {...register('discloseAutomation')}
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
