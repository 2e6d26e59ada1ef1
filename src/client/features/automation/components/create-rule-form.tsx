import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  defaultBusinessHours,
  describeAction,
  dmTextPlaceholders,
  describeTrigger,
  ruleLimits,
  ruleTextPlaceholders,
  weekdays,
  type RuleAction,
  type RuleActionType,
  type RuleTrigger,
  type RuleTriggerType,
} from '#contracts/automation.ts';
import { createRuleInputSchema } from '#contracts/dashboard-actions.ts';
import type { AutomationRule } from '#contracts/dashboard.ts';
import { Button } from '#client/components/ui/button.tsx';
import { findRuleProducts, useCommentedPosts } from '../api/rule-helpers.ts';
import { useCreateRule, useUpdateRule } from '../api/rule-mutations.ts';

const fieldClass =
  'rounded-md border border-slate-300 bg-white px-2 py-2 text-sm aria-[invalid=true]:border-red-700';

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

/** Everything the form holds, whatever type is chosen, so switching types back and forth keeps what was typed. */
interface Draft {
  name: string;
  triggerType: RuleTriggerType;
  keywords: string;
  opensAt: string;
  closesAt: string;
  timeZone: string;
  days: string[];
  actionType: RuleActionType;
  text: string;
  publicReply: string;
  /** '' for any post, 'other' for a typed id, else a post's media id. */
  post: string;
  otherPost: string;
  productId: string;
  productTitle: string;
  dmText: string;
}

function draftOf(rule: AutomationRule | undefined): Draft {
  const trigger = rule?.triggerConfig;
  const action = rule?.actionConfig;
  return {
    name: rule?.name ?? '',
    triggerType: trigger?.type ?? 'dm_keyword',
    keywords: trigger && 'keywords' in trigger ? trigger.keywords.join(', ') : '',
    opensAt: trigger?.type === 'outside_business_hours' ? trigger.opensAt : defaultBusinessHours.opensAt,
    closesAt: trigger?.type === 'outside_business_hours' ? trigger.closesAt : defaultBusinessHours.closesAt,
    timeZone: trigger?.type === 'outside_business_hours' ? trigger.timeZone : defaultBusinessHours.timeZone,
    days: trigger?.type === 'outside_business_hours' ? [...trigger.days] : [...defaultBusinessHours.days],
    actionType: action?.type ?? 'fixed_text',
    text: action?.type === 'fixed_text' ? action.text : '',
    publicReply: action?.type === 'private_reply_product_link' ? (action.publicReply ?? '') : '',
    post: trigger?.type === 'comment_keyword' ? (trigger.mediaId ?? '') : '',
    otherPost: '',
    productId: action?.type === 'private_reply_product_link' ? (action.productId ?? '') : '',
    productTitle: action?.type === 'private_reply_product_link' ? (action.productTitle ?? '') : '',
    dmText: action?.type === 'private_reply_product_link' ? (action.dmText ?? '') : '',
  };
}

const splitKeywords = (text: string) =>
  text
    .split(',')
    .map((keyword) => keyword.trim())
    .filter(Boolean);

function triggerOf(draft: Draft): unknown {
  switch (draft.triggerType) {
    case 'dm_keyword':
      return { type: draft.triggerType, keywords: splitKeywords(draft.keywords) };
    case 'comment_keyword': {
      const mediaId = draft.post === 'other' ? draft.otherPost : draft.post;
      return {
        type: draft.triggerType,
        keywords: splitKeywords(draft.keywords),
        ...(mediaId ? { mediaId } : {}),
      };
    }
    case 'outside_business_hours':
      return {
        type: draft.triggerType,
        opensAt: draft.opensAt,
        closesAt: draft.closesAt,
        timeZone: draft.timeZone.trim(),
        days: weekdays.filter((day) => draft.days.includes(day)),
      };
    default:
      return { type: draft.triggerType };
  }
}

function actionOf(draft: Draft): unknown {
  switch (draft.actionType) {
    case 'fixed_text':
      return { type: 'fixed_text', text: draft.text };
    case 'private_reply_product_link':
      return {
        type: draft.actionType,
        ...(draft.publicReply.trim() ? { publicReply: draft.publicReply } : {}),
        ...(draft.productId ? { productId: draft.productId, productTitle: draft.productTitle } : {}),
        ...(draft.dmText.trim() ? { dmText: draft.dmText } : {}),
      };
    default:
      return { type: draft.actionType };
  }
}

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-700">
          {/^[A-Z]/.test(error) ? error : `${label} ${error}.`}
        </p>
      )}
    </div>
  );
}

/**
 * Automation Rules: the 'Create Custom Rule' form, also used to edit a rule. It builds the
 * structured trigger and action (#contracts/automation.ts) and shows the readable texts the list will show.
 * Cancel clears the form and closes it.
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
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(rule));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateRule(brandId);
  const update = useUpdateRule(brandId);
  const isPending = create.isPending || update.isPending;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const parsed = createRuleInputSchema.safeParse({
    name: draft.name,
    triggerConfig: triggerOf(draft),
    actionConfig: actionOf(draft),
  });
  const preview = parsed.success
    ? {
        trigger: describeTrigger(parsed.data.triggerConfig),
        action: describeAction(parsed.data.actionConfig),
      }
    : null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const [group, field] = issue.path.map(String);
        const key = group === 'name' ? 'name' : `${group}.${field ?? 'type'}`;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const { name, triggerConfig, actionConfig } = parsed.data;
    if (rule) {
      update.mutate(
        {
          ruleId: rule.id,
          input: {
            name,
            triggerConfig: triggerConfig as RuleTrigger,
            actionConfig: actionConfig as RuleAction,
          },
        },
        { onSuccess: onDone },
      );
    } else {
      create.mutate({ name, triggerConfig, actionConfig }, { onSuccess: onDone });
    }
  };

  const describedBy = (key: string, hasHint = false) =>
    [hasHint ? `${id}-${key}-hint` : '', errors[key] ? `${id}-${key}-error` : ''].filter(Boolean).join(' ') ||
    undefined;
  const title = rule ? `Edit ${rule.name}` : 'Create Custom Rule';

  return (
    <form
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      onSubmit={handleSubmit}
      noValidate
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <Field id={`${id}-name`} label="Rule Name" error={errors.name}>
        <input
          id={`${id}-name`}
          className={fieldClass}
          value={draft.name}
          onChange={(event) => set('name', event.target.value)}
          maxLength={ruleLimits.nameMax + 1}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy('name')}
        />
      </Field>

      <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">When</legend>
        <Field id={`${id}-trigger`} label="Trigger Condition" error={errors['triggerConfig.type']}>
          <select
            id={`${id}-trigger`}
            className={fieldClass}
            value={draft.triggerType}
            onChange={(event) => set('triggerType', event.target.value as RuleTriggerType)}
          >
            {Object.entries(triggerLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        {(draft.triggerType === 'dm_keyword' || draft.triggerType === 'comment_keyword') && (
          <Field
            id={`${id}-keywords`}
            label={draft.triggerType === 'dm_keyword' ? 'Keywords' : 'Emoji or keywords'}
            error={errors['triggerConfig.keywords']}
            hint="Separate several with commas; any one of them matches (case-insensitive)."
          >
            <input
              id={`${id}-keywords`}
              className={fieldClass}
              value={draft.keywords}
              onChange={(event) => set('keywords', event.target.value)}
              aria-invalid={errors['triggerConfig.keywords'] ? true : undefined}
              aria-describedby={describedBy('keywords', true)}
            />
          </Field>
        )}
        {draft.triggerType === 'comment_keyword' && (
          <PostPicker
            brandId={brandId}
            id={id}
            draft={draft}
            set={set}
            error={errors['triggerConfig.mediaId']}
          />
        )}
        {draft.triggerType === 'outside_business_hours' && (
          <div className="grid gap-3 sm:grid-cols-3">
            <Field id={`${id}-opens`} label="Opens at" error={errors['triggerConfig.opensAt']}>
              <input
                id={`${id}-opens`}
                type="time"
                className={fieldClass}
                value={draft.opensAt}
                onChange={(event) => set('opensAt', event.target.value)}
              />
            </Field>
            <Field id={`${id}-closes`} label="Closes at" error={errors['triggerConfig.closesAt']}>
              <input
                id={`${id}-closes`}
                type="time"
                className={fieldClass}
                value={draft.closesAt}
                onChange={(event) => set('closesAt', event.target.value)}
              />
            </Field>
            <Field id={`${id}-zone`} label="Time zone" error={errors['triggerConfig.timeZone']}>
              <input
                id={`${id}-zone`}
                className={fieldClass}
                value={draft.timeZone}
                onChange={(event) => set('timeZone', event.target.value)}
              />
            </Field>
            <fieldset className="flex flex-wrap gap-3 sm:col-span-3">
              <legend className="mb-1 text-sm font-medium text-slate-800">Business days</legend>
              {weekdays.map((day) => (
                <label key={day} className="flex items-center gap-1 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="accent-brand-600"
                    checked={draft.days.includes(day)}
                    onChange={(event) =>
                      set(
                        'days',
                        event.target.checked ? [...draft.days, day] : draft.days.filter((d) => d !== day),
                      )
                    }
                  />
                  {dayLabels[day]}
                </label>
              ))}
              {errors['triggerConfig.days'] && (
                <p className="w-full text-xs text-red-700">Business days {errors['triggerConfig.days']}</p>
              )}
            </fieldset>
          </div>
        )}
      </fieldset>

      <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Then</legend>
        <Field id={`${id}-action`} label="Action to Perform" error={errors['actionConfig.type']}>
          <select
            id={`${id}-action`}
            className={fieldClass}
            value={draft.actionType}
            onChange={(event) => set('actionType', event.target.value as RuleActionType)}
          >
            {Object.entries(actionLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        {draft.actionType === 'fixed_text' && (
          <Field
            id={`${id}-text`}
            label="Reply text"
            error={errors['actionConfig.text']}
            hint={`Placeholders: ${ruleTextPlaceholders.join(', ')}. At most ${ruleLimits.fixedTextMax} characters.`}
          >
            <textarea
              id={`${id}-text`}
              rows={3}
              className={fieldClass}
              value={draft.text}
              onChange={(event) => set('text', event.target.value)}
              aria-invalid={errors['actionConfig.text'] ? true : undefined}
              aria-describedby={describedBy('text', true)}
            />
          </Field>
        )}
        {draft.actionType === 'private_reply_product_link' && (
          <>
            <ProductPicker
              brandId={brandId}
              id={id}
              draft={draft}
              set={set}
              error={errors['actionConfig.productId']}
            />
            <Field
              id={`${id}-dm`}
              label="DM text (optional)"
              error={errors['actionConfig.dmText']}
              hint={`Leave empty for the standard DM. Placeholders: ${dmTextPlaceholders.join(', ')}.`}
            >
              <textarea
                id={`${id}-dm`}
                rows={3}
                className={fieldClass}
                value={draft.dmText}
                onChange={(event) => set('dmText', event.target.value)}
                aria-invalid={errors['actionConfig.dmText'] ? true : undefined}
                aria-describedby={describedBy('dm', true)}
              />
            </Field>
          </>
        )}
        {draft.actionType === 'private_reply_product_link' && (
          <Field
            id={`${id}-public`}
            label="Public reply (optional)"
            error={errors['actionConfig.publicReply']}
            hint={`Also answer the comment publicly, at most ${ruleLimits.publicReplyMax} characters.`}
          >
            <input
              id={`${id}-public`}
              className={fieldClass}
              value={draft.publicReply}
              onChange={(event) => set('publicReply', event.target.value)}
              aria-describedby={describedBy('public', true)}
            />
          </Field>
        )}
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

      <div className="flex justify-end gap-2">
        <Button
          variant="outline"
          onClick={() => {
            setDraft(draftOf(undefined));
            setErrors({});
            onDone();
          }}
        >
          Cancel
        </Button>
        <Button type="submit" disabled={isPending}>
          {isPending ? 'Saving...' : 'Save Rule'}
        </Button>
      </div>
    </form>
  );
}

type SetDraft = <K extends keyof Draft>(key: K, value: Draft[K]) => void;

/** Which post a comment rule listens on: any post, one the brand's comments are on, or one typed by its id. */
function PostPicker({
  brandId,
  id,
  draft,
  set,
  error,
}: {
  brandId: string;
  id: string;
  draft: Draft;
  set: SetDraft;
  error: string | undefined;
}) {
  const posts = useCommentedPosts(brandId);
  const known = posts.data ?? [];
  // A saved post the list no longer shows (its comments are older than 7 days) stays chosen.
  const choices =
    draft.post && draft.post !== 'other' && !known.some((post) => post.mediaId === draft.post)
      ? [{ mediaId: draft.post, label: `Post ${draft.post}` }]
      : [];
  return (
    <>
      <Field
        id={`${id}-post`}
        label="On which post or reel"
        error={draft.post === 'other' ? undefined : error}
        hint="Posts appear here once they have comments; pick “Another post” to type a post's id."
      >
        <select
          id={`${id}-post`}
          className={fieldClass}
          value={draft.post}
          onChange={(event) => set('post', event.target.value)}
          aria-describedby={`${id}-post-hint`}
        >
          <option value="">Any post</option>
          {choices.map((choice) => (
            <option key={choice.mediaId} value={choice.mediaId}>
              {choice.label}
            </option>
          ))}
          {known.map((post) => (
            <option key={post.mediaId} value={post.mediaId}>
              {`Post ${post.mediaId} · ${post.comments} ${post.comments === 1 ? 'comment' : 'comments'} · latest “${post.lastComment.slice(0, 40)}”`}
            </option>
          ))}
          <option value="other">Another post (type its id)</option>
        </select>
      </Field>
      {draft.post === 'other' && (
        <Field id={`${id}-other-post`} label="Post id" error={error}>
          <input
            id={`${id}-other-post`}
            className={fieldClass}
            inputMode="numeric"
            value={draft.otherPost}
            onChange={(event) => set('otherPost', event.target.value)}
            aria-invalid={error ? true : undefined}
          />
        </Field>
      )}
    </>
  );
}

/** The product a comment-to-DM rule sends: the one the comment names, or one chosen from the store. */
function ProductPicker({
  brandId,
  id,
  draft,
  set,
  error,
}: {
  brandId: string;
  id: string;
  draft: Draft;
  set: SetDraft;
  error: string | undefined;
}) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<{ id: string; title: string }[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [failed, setFailed] = useState(false);
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
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">Product the DM sends</legend>
      <p className="text-sm text-slate-700" data-testid="rule-product">
        {draft.productId
          ? `Sends ${draft.productTitle || 'the chosen product'}, whatever the comment says.`
          : 'Sends the product the comment names (a bare emoji names none: choose one to always send it).'}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={`${id}-product-q`} className="text-sm text-slate-800">
            Find a product
          </label>
          <input
            id={`${id}-product-q`}
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
        </div>
        <Button variant="outline" onClick={() => void search()} disabled={searching}>
          {searching ? 'Searching...' : 'Search'}
        </Button>
        {draft.productId && (
          <Button
            variant="ghost"
            onClick={() => {
              set('productId', '');
              set('productTitle', '');
            }}
          >
            Send the product the comment names
          </Button>
        )}
      </div>
      {failed && <p className="text-xs text-red-700">The store could not be searched. Please try again.</p>}
      {found && found.length === 0 && (
        <p className="text-xs text-slate-600">No product matches; try another word.</p>
      )}
      {found && found.length > 0 && (
        <ul className="flex flex-col gap-1" aria-label="Products found">
          {found.map((product) => (
            <li key={product.id}>
              <Button
                variant="outline"
                size="sm"
                aria-pressed={draft.productId === product.id}
                onClick={() => {
                  set('productId', product.id);
                  set('productTitle', product.title);
                }}
              >
                Send {product.title}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error && <p className="text-xs text-red-700">{error}</p>}
    </fieldset>
  );
}
