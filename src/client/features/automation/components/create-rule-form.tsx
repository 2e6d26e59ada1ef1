import { useId, useState, type ReactElement } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { weekdays, type RuleActionType, type RuleTriggerType } from '#contracts/automation.ts';
import type { AutomationRule } from '#contracts/dashboard.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormActions } from '#client/components/ui/form-actions.tsx';
import { FieldError, FormField, FormFieldset, useFieldIds } from '#client/components/ui/form-field.tsx';
import { optionsFrom, Select } from '#client/components/ui/select.tsx';
import { findRuleProducts, useCommentedPosts } from '../api/rule-helpers.ts';
import { useCreateRule, useUpdateRule } from '../api/rule-mutations.ts';
import {
  checkRuleDraft,
  draftOf,
  previewOf,
  ruleDraftResolver,
  ruleFieldHints,
  ruleFieldLabels,
  type RuleDraft,
  type RuleField,
} from '../utils/rule-draft.ts';

const fieldClass =
  'w-full rounded-md border border-slate-300 bg-white px-2 py-2 text-sm aria-[invalid=true]:border-red-700';

const triggerLabels: Record<RuleTriggerType, string> = {
  first_message: 'A customer sends their first message',
  dm_keyword: 'A message contains a keyword',
  product_mention: 'A message mentions a product name or SKU',
  comment_keyword: 'A comment contains an emoji or keyword (on one post or any post)',
  outside_business_hours: 'A message arrives outside business hours',
};
const actionLabels: Record<RuleActionType, string> = {
  answer_availability: 'Check live inventory and reply with availability and a checkout link',
  private_reply_product_link: 'Send the commenter a DM with a product link',
  fixed_text: 'Reply with a fixed text',
  hand_off: 'Hand the conversation to a person',
  do_nothing: 'Do nothing',
};
const dayLabels: Record<(typeof weekdays)[number], string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

type RuleForm = UseFormReturn<RuleDraft>;

/** A draft field in `FormField`: its label, hint and error are found by its name (`utils/rule-draft.ts`). */
function DraftField({
  form,
  name,
  label = ruleFieldLabels[name],
  children,
}: {
  form: RuleForm;
  name: RuleField;
  label?: string;
  children: ReactElement;
}) {
  const hints: Partial<Record<RuleField, string>> = ruleFieldHints;
  return (
    <FormField label={label} description={hints[name]} error={form.formState.errors[name]?.message}>
      {children}
    </FormField>
  );
}

/**
 * Automation Rules: the 'Create Custom Rule' form, also used to edit a rule. The draft it holds becomes the
 * structured trigger and action in `utils/rule-draft.ts`, checked by the API's schema; the form shows the readable
 * texts the list will show. Cancel clears the form and closes it.
 */
export function CreateRuleForm({
  brandId,
  rule,
  onDone,
}: {
  brandId: string;
  rule?: AutomationRule | undefined;
  onDone: () => void;
}) {
  const form = useForm<RuleDraft>({ resolver: ruleDraftResolver, defaultValues: draftOf(rule) });
  const create = useCreateRule(brandId);
  const update = useUpdateRule(brandId);
  const isPending = create.isPending || update.isPending;
  const draft = form.watch();
  const preview = previewOf(draft);

  const handleSubmit = form.handleSubmit((values) => {
    const check = checkRuleDraft(values);
    if (!check.success) return;
    if (rule) update.mutate({ ruleId: rule.id, input: check.body }, { onSuccess: onDone });
    else create.mutate(check.body, { onSuccess: onDone });
  });

  const title = rule ? `Edit ${rule.name}` : 'Create Custom Rule';
  const titleId = `${useId()}-title`;

  return (
    <form
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <DraftField form={form} name="name">
        <input className={fieldClass} {...form.register('name')} />
      </DraftField>

      <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">When</legend>
        <TriggerFields brandId={brandId} form={form} draft={draft} />
      </fieldset>

      <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Then</legend>
        <ActionFields brandId={brandId} form={form} draft={draft} />
      </fieldset>

      <div
        aria-live="polite"
        className="rounded-md bg-slate-50 p-3 text-sm text-slate-700"
        data-testid="rule-preview"
      >
        {preview ? (
          <>
            <p>
              <span className="font-medium">Trigger: </span>
              {preview.trigger}
            </p>
            <p>
              <span className="font-medium">Action: </span>
              {preview.action}
            </p>
          </>
        ) : (
          <p>Fill in the rule to see how it reads.</p>
        )}
      </div>

      <FormActions
        onCancel={() => {
          form.reset(draftOf(undefined));
          onDone();
        }}
        pending={isPending}
        submitLabel="Save Rule"
        pendingLabel="Saving..."
      />
    </form>
  );
}

/** What starts the rule: its type and the fields of that type. */
function TriggerFields({ brandId, form, draft }: { brandId: string; form: RuleForm; draft: RuleDraft }) {
  const { errors } = form.formState;
  return (
    <>
      <DraftField form={form} name="triggerType">
        <Select
          className={fieldClass}
          options={optionsFrom(triggerLabels)}
          {...form.register('triggerType')}
        />
      </DraftField>
      {(draft.triggerType === 'dm_keyword' || draft.triggerType === 'comment_keyword') && (
        <DraftField
          form={form}
          name="keywords"
          label={draft.triggerType === 'dm_keyword' ? 'Keywords' : 'Emoji or keywords'}
        >
          <input className={fieldClass} {...form.register('keywords')} />
        </DraftField>
      )}
      {draft.triggerType === 'comment_keyword' && <PostPicker brandId={brandId} form={form} draft={draft} />}
      {draft.triggerType === 'outside_business_hours' && (
        <div className="grid gap-3 sm:grid-cols-3">
          <DraftField form={form} name="opensAt">
            <input type="time" className={fieldClass} {...form.register('opensAt')} />
          </DraftField>
          <DraftField form={form} name="closesAt">
            <input type="time" className={fieldClass} {...form.register('closesAt')} />
          </DraftField>
          <DraftField form={form} name="timeZone">
            <input className={fieldClass} {...form.register('timeZone')} />
          </DraftField>
          <FormFieldset
            legend={ruleFieldLabels.days}
            legendClassName="mb-1"
            className="flex flex-wrap gap-3 sm:col-span-3"
            error={errors.days?.message}
          >
            {weekdays.map((day) => (
              <label key={day} className="flex items-center gap-1 text-sm text-slate-800">
                <input type="checkbox" className="accent-brand-600" value={day} {...form.register('days')} />
                {dayLabels[day]}
              </label>
            ))}
          </FormFieldset>
        </div>
      )}
    </>
  );
}

/** What the rule does: its type and the fields of that type. */
function ActionFields({ brandId, form, draft }: { brandId: string; form: RuleForm; draft: RuleDraft }) {
  return (
    <>
      <DraftField form={form} name="actionType">
        <Select className={fieldClass} options={optionsFrom(actionLabels)} {...form.register('actionType')} />
      </DraftField>
      {draft.actionType === 'fixed_text' && (
        <DraftField form={form} name="text">
          <textarea rows={3} className={fieldClass} {...form.register('text')} />
        </DraftField>
      )}
      {draft.actionType === 'private_reply_product_link' && (
        <>
          <ProductPicker brandId={brandId} form={form} draft={draft} />
          <DraftField form={form} name="dmText">
            <textarea rows={3} className={fieldClass} {...form.register('dmText')} />
          </DraftField>
          <DraftField form={form} name="publicReply">
            <input className={fieldClass} {...form.register('publicReply')} />
          </DraftField>
        </>
      )}
    </>
  );
}

/** Which post a comment rule listens on: any post, one the brand's comments are on, or one typed by its id. */
function PostPicker({ brandId, form, draft }: { brandId: string; form: RuleForm; draft: RuleDraft }) {
  const posts = useCommentedPosts(brandId);
  const known = posts.data ?? [];
  // A saved post the list no longer shows (its comments are older than 7 days) stays chosen.
  const saved =
    draft.post && draft.post !== 'other' && !known.some((post) => post.mediaId === draft.post)
      ? [{ value: draft.post, label: `Post ${draft.post}` }]
      : [];
  return (
    <>
      <DraftField form={form} name="post">
        <Select
          className={fieldClass}
          options={[
            { value: '', label: 'Any post' },
            ...saved,
            ...known.map((post) => ({
              value: post.mediaId,
              label: `Post ${post.mediaId} · ${post.comments} ${post.comments === 1 ? 'comment' : 'comments'} · latest “${post.lastComment.slice(0, 40)}”`,
            })),
            { value: 'other', label: 'Another post (type its id)' },
          ]}
          {...form.register('post')}
        />
      </DraftField>
      {draft.post === 'other' && (
        <DraftField form={form} name="otherPost">
          <input className={fieldClass} inputMode="numeric" {...form.register('otherPost')} />
        </DraftField>
      )}
    </>
  );
}

/** The product a comment-to-DM rule sends: the one the comment names, or one chosen from the store. */
function ProductPicker({ brandId, form, draft }: { brandId: string; form: RuleForm; draft: RuleDraft }) {
  const error = form.formState.errors.productId?.message;
  const field = useFieldIds(error, true);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<{ id: string; title: string }[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [failed, setFailed] = useState(false);
  const choose = (product: { id: string; title: string } | null) => {
    form.setValue('productTitle', product?.title ?? '');
    // Checked again at once when a refusal is showing, so the error goes as soon as a product is chosen.
    form.setValue('productId', product?.id ?? '', { shouldValidate: Boolean(error) });
  };
  const search = async () => {
    if (!query.trim()) return;
    setSearching(true);
    setFailed(false);
    try {
      const result = await findRuleProducts(brandId, query.trim());
      setFound(result.matches.map((match) => ({ id: match.product.id, title: match.product.title })));
    } catch {
      setFailed(true);
    } finally {
      setSearching(false);
    }
  };
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={field.describedBy}>
      <legend className="mb-1 text-sm font-medium text-slate-800">{ruleFieldLabels.productId}</legend>
      <p id={field.descriptionId} className="text-sm text-slate-700" data-testid="rule-product">
        {draft.productId
          ? `Sends ${draft.productTitle || 'the chosen product'}, whatever the comment says.`
          : 'Sends the product the comment names (a bare emoji names none: choose one to always send it).'}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <FormField label="Find a product" className="min-w-0 flex-1">
          <input
            className={fieldClass}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void search();
              }
            }}
          />
        </FormField>
        <Button variant="outline" onClick={() => void search()} disabled={searching}>
          {searching ? 'Searching...' : 'Search'}
        </Button>
        {draft.productId && (
          <Button variant="ghost" onClick={() => choose(null)}>
            Send the product the comment names
          </Button>
        )}
      </div>
      {failed && <p className="text-sm text-red-700">The store could not be searched. Please try again.</p>}
      {found && found.length === 0 && (
        <p className="text-sm text-slate-600">No product matches; try another word.</p>
      )}
      {found && found.length > 0 && (
        <ul className="flex flex-col gap-1" aria-label="Products found">
          {found.map((product) => (
            <li key={product.id}>
              <Button
                variant="outline"
                size="sm"
                aria-pressed={draft.productId === product.id}
                onClick={() => choose(product)}
              >
                Send {product.title}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FieldError id={field.errorId}>{error}</FieldError>
    </fieldset>
  );
}
