import type { Comment } from '#contracts/dashboard.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';

/** spec §2 Conversations: comment items; Reply has no action yet (spec §4). */
export function CommentList({ comments }: { comments: Comment[] }) {
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
          ) : (
            <div>
              <Button variant="outline" size="sm" aria-label={`Reply to ${comment.username}`}>
                Reply
              </Button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
