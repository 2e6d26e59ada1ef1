CREATE INDEX "instagram_sends_unsettled_idx" ON "instagram_sends" USING btree ("updated_at") WHERE "instagram_sends"."status" in ('queued', 'unknown');--> statement-breakpoint
-- Decision 023, written by hand after the generated index. A queued send recorded before this change may have been
-- called already (attempts then counted outcomes, not calls): the reconciler must ask Instagram before resending it.
UPDATE "instagram_sends" SET "attempts" = 1 WHERE "status" = 'queued' AND "attempts" = 0;--> statement-breakpoint
-- Parts held back behind a part whose outcome was unknown were failed; they now wait (queued, never tried) and
-- follow that part once the reconciler settles it.
UPDATE "messages" SET "delivery_state" = 'queued' WHERE "id" IN (SELECT "message_id" FROM "instagram_sends" WHERE "status" = 'failed' AND "error" = 'Not sent: the previous part’s outcome is unknown.');--> statement-breakpoint
UPDATE "instagram_sends" SET "status" = 'queued', "error" = NULL, "attempts" = 0 WHERE "status" = 'failed' AND "error" = 'Not sent: the previous part’s outcome is unknown.';
