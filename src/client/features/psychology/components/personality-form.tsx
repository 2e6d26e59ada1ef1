import { useId, useState, type FormEvent } from 'react';
import {
  actionLimits,
  updatePersonalityInputSchema,
  type UpdatePersonalityInput,
} from '#contracts/dashboard-actions.ts';
import {
  brandArchetypes,
  brandTones,
  defaultBrandPersonality,
  type BrandPersonality,
} from '#contracts/dashboard.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useSavePersonality } from '../api/save-personality.ts';
import { useUnsavedChangesGuard } from './unsaved-changes.ts';

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const fieldClass =
  'rounded-md border border-slate-300 bg-white px-2 py-2 text-sm aria-[invalid=true]:border-red-700';

const pick = (personality: UpdatePersonalityInput): UpdatePersonalityInput => ({
  archetype: personality.archetype,
  tone: personality.tone,
  voiceDescription: personality.voiceDescription,
  exampleResponses: personality.exampleResponses,
});
const isSame = (a: UpdatePersonalityInput, b: UpdatePersonalityInput) =>
  a.archetype === b.archetype &&
  a.tone === b.tone &&
  a.voiceDescription === b.voiceDescription &&
  a.exampleResponses === b.exampleResponses;

/**
 * spec §2 Psychology Settings (issue 12 §3): Save Settings saves the whole personality; Reset to Defaults puts
 * the defaults (Everyman, Friendly, empty texts) in the form only, saved by Save; leaving with unsaved changes
 * asks first. Keyed by brand in the route, so a brand change starts from that brand's saved values.
 */
export function PersonalityForm({ personality }: { personality: BrandPersonality }) {
  const id = useId();
  const [saved, setSaved] = useState(() => pick(personality));
  const [values, setValues] = useState(() => pick(personality));
  const [errors, setErrors] = useState<Partial<Record<keyof UpdatePersonalityInput, string>>>({});
  const mutation = useSavePersonality(personality.brandId);
  const isDirty = !isSame(values, saved);
  useUnsavedChangesGuard(isDirty);

  const set = <K extends keyof UpdatePersonalityInput>(key: K, value: UpdatePersonalityInput[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updatePersonalityInputSchema.safeParse(values);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof UpdatePersonalityInput;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data, { onSuccess: (result) => setSaved(pick(result)) });
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
      <div className="flex flex-wrap items-center justify-end gap-2">
        {isDirty && (
          <p role="status" className="mr-auto text-sm text-amber-800">
            Unsaved changes
          </p>
        )}
        <Button
          variant="outline"
          onClick={() => {
            setValues({ ...defaultBrandPersonality });
            setErrors({});
          }}
        >
          Reset to Defaults
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving...' : 'Save Settings'}
        </Button>
      </div>
    </form>
  );
}
