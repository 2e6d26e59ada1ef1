-- What each conversation has in play for the assistant (product, options settled, quantity, question asked,
-- language), so a follow-up changes only what it changes after a restart and on any instance. "previous" is the
-- state before the event in "event_key": a replay of that event reads it instead of its own result.
CREATE TABLE "assistant_conversation_state" (
	"conversation_id" uuid PRIMARY KEY NOT NULL,
	"state" jsonb NOT NULL,
	"previous" jsonb,
	"event_key" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assistant_conversation_state" ADD CONSTRAINT "assistant_conversation_state_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;
