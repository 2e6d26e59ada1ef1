import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  actionLimits,
  commentReplyInputSchema,
  type CommentReplyInput,
} from '#contracts/dashboard-actions.ts';
import type { Comment } from '#contracts/dashboard.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormActions } from '#client/components/ui/form-actions.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { useReplyToComment } from '../api/conversation-actions.ts';

/** The inline reply under a comment: public under the post, or private as a DM. */
function ReplyForm({
  brandId,
  comment,
  onClose,
}: {
  brandId: string;
  comment: Comment;
  onClose: () => void;
}) {
  // One key per reply typed here: a retry after a network error is not sent twice.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const mutation = useReplyToComment(brandId);
  // The shared schema's own sentences ("Write a reply first."), as the server would answer.
  const form = useForm<CommentReplyInput>({
    resolver: zodResolver(commentReplyInputSchema),
    defaultValues: { content: '', visibility: 'public' },
  });
  const handleSubmit = form.handleSubmit((input) =>
    mutation.mutate(
      { commentId: comment.id, input, idempotencyKey },
      { onSuccess: (result) => result.status !== 'failed' && onClose() },
    ),
  );
  return (
    <form
      className="mt-2 flex flex-col gap-2"
      onSubmit={(event) => void handleSubmit(event)}
      aria-label={`Reply to ${comment.username}`}
      noValidate
    >
      <FormField
        label={`Your reply to ${comment.username}`}
        labelClassName="sr-only"
        error={form.formState.errors.content?.message}
      >
        <textarea
          rows={2}
          maxLength={actionLimits.commentReplyMax}
          placeholder="Write a reply..."
          className="w-full resize-none rounded-md border border-slate-300 p-2 text-sm"
          autoFocus
          {...form.register('content')}
        />
      </FormField>
      <fieldset className="flex flex-wrap gap-4 text-sm text-slate-800">
        <legend className="sr-only">Reply visibility</legend>
        <label className="flex items-center gap-1">
          <input type="radio" value="public" className="accent-brand-600" {...form.register('visibility')} />
          Public reply
        </label>
        <label className="flex items-center gap-1">
          <input type="radio" value="private" className="accent-brand-600" {...form.register('visibility')} />
          Private reply (DM)
        </label>
      </fieldset>
      <FormActions
        onCancel={onClose}
        pending={mutation.isPending}
        submitLabel="Send Reply"
        pendingLabel="Sending..."
        size="sm"
      />
    </form>
  );
}

/** Conversations: comment items; Reply opens the inline form. */
export function CommentList({ brandId, comments }: { brandId: string; comments: Comment[] }) {
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  if (comments.length === 0) return <p className="p-4 text-sm text-slate-600">No comments yet</p>;
  return (
    <ul className="divide-y divide-slate-100" aria-label="Comments">
      {comments.map((comment) => (
        <li key={comment.id} className="flex flex-col gap-1 px-4 py-3" data-testid="comment-item">
          <div className="flex items-center justify-between gap-2">
            <span className="font-medium text-slate-900">{comment.username}</span>
            {comment.replied ? <Badge tone="success">Replied</Badge> : <Badge tone="info">New</Badge>}
          </div>
          <p className="text-sm text-slate-800">{comment.content}</p>
          {comment.replied ? (
            <p className="rounded-md bg-slate-50 p-2 text-sm text-slate-700">
              <span className="font-medium">Your reply: </span>
              {comment.replyContent}
            </p>
          ) : replyingTo === comment.id ? (
            <ReplyForm brandId={brandId} comment={comment} onClose={() => setReplyingTo(null)} />
          ) : (
            <div>
              <Button
                variant="outline"
                size="sm"
                aria-label={`Reply to ${comment.username}`}
                onClick={() => setReplyingTo(comment.id)}
              >
                Reply
              </Button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
