CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"op" text NOT NULL,
	"entity_id" text,
	"conversation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instagram_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"username" text NOT NULL,
	"access_token_sealed" text NOT NULL,
	"token_expires_at" timestamp with time zone,
	"status" text DEFAULT 'connected' NOT NULL,
	"status_reason" text,
	"last_webhook_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"token_refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instagram_connections_brand_key" UNIQUE("brand_id"),
	CONSTRAINT "instagram_connections_account_key" UNIQUE("account_id"),
	CONSTRAINT "instagram_connections_status_check" CHECK ("instagram_connections"."status" in ('connected', 'needs_reconnect'))
);
--> statement-breakpoint
CREATE TABLE "instagram_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"kind" text NOT NULL,
	"thread_key" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	CONSTRAINT "instagram_events_brand_dedupe_key" UNIQUE("brand_id","dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "instagram_profiles" (
	"brand_id" uuid NOT NULL,
	"igsid" text NOT NULL,
	"username" text,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instagram_profiles_brand_igsid_key" UNIQUE("brand_id","igsid")
);
--> statement-breakpoint
CREATE TABLE "instagram_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"origin" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"part" integer DEFAULT 0 NOT NULL,
	"part_count" integer DEFAULT 1 NOT NULL,
	"conversation_id" uuid,
	"message_id" uuid,
	"comment_id" uuid,
	"recipient" text NOT NULL,
	"text" text NOT NULL,
	"human_agent_tag" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"graph_id" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instagram_sends_idempotency_key" UNIQUE("idempotency_key","part"),
	CONSTRAINT "instagram_sends_status_check" CHECK ("instagram_sends"."status" in ('queued', 'sent', 'failed', 'unknown')),
	CONSTRAINT "instagram_sends_kind_check" CHECK ("instagram_sends"."kind" in ('direct_message', 'private_reply', 'public_reply'))
);
--> statement-breakpoint
-- Structured rule triggers and actions (issue 12; decision 014). Existing rows are filled before NOT NULL:
-- the spec §3 sample texts get their structured form; any other text cannot be read safely, so that part becomes
-- the harmless `first_message` / `do_nothing` and the rule is switched off for its owner to edit.
-- In one UPDATE every right-hand side reads the row as it was before, so the order of SET clauses does not matter.
ALTER TABLE "automation_rules" ADD COLUMN "trigger_config" jsonb;--> statement-breakpoint
ALTER TABLE "automation_rules" ADD COLUMN "action_config" jsonb;--> statement-breakpoint
UPDATE "automation_rules" SET "trigger_config" = CASE "trigger"
    WHEN 'A message mentions a product name or SKU' THEN '{"type":"product_mention"}'::jsonb
    WHEN 'A comment contains the 🔥 emoji' THEN '{"type":"comment_keyword","keywords":["🔥"]}'::jsonb
    WHEN 'A message arrives outside business hours (9am-6pm PST)' THEN '{"type":"outside_business_hours","opensAt":"09:00","closesAt":"18:00","timeZone":"America/Los_Angeles","days":["mon","tue","wed","thu","fri"]}'::jsonb
  END,
  "action_config" = CASE "action"
    WHEN 'Check live inventory and reply with availability and a checkout link' THEN '{"type":"answer_availability"}'::jsonb
    WHEN 'Send the commenter a DM with the product link' THEN '{"type":"private_reply_product_link"}'::jsonb
    WHEN 'Reply that the team will follow up during business hours' THEN '{"type":"fixed_text","text":"Thanks for your message! Our team is offline right now and will follow up during business hours."}'::jsonb
  END;--> statement-breakpoint
-- An unreadable trigger also drops the action (a readable action on a guessed trigger could still send), and an
-- unreadable action keeps a readable trigger; either way the rule is off.
UPDATE "automation_rules" SET "active" = false,
  "action_config" = CASE WHEN "trigger_config" IS NULL THEN '{"type":"do_nothing"}'::jsonb
    ELSE coalesce("action_config", '{"type":"do_nothing"}'::jsonb) END,
  "trigger_config" = coalesce("trigger_config", '{"type":"first_message"}'::jsonb)
  WHERE "trigger_config" IS NULL OR "action_config" IS NULL;--> statement-breakpoint
-- The readable texts are always describeTrigger/describeAction of the configs (#contracts/automation.ts).
UPDATE "automation_rules" SET "trigger" = CASE "trigger_config"->>'type'
    WHEN 'product_mention' THEN 'A message mentions a product name or SKU'
    WHEN 'comment_keyword' THEN 'A comment contains the 🔥 emoji'
    WHEN 'outside_business_hours' THEN 'A message arrives outside business hours (9am-6pm PST)'
    ELSE 'A customer sends their first message'
  END,
  "action" = CASE "action_config"->>'type'
    WHEN 'answer_availability' THEN 'Check live inventory and reply with availability and a checkout link'
    WHEN 'private_reply_product_link' THEN 'Send the commenter a DM with the product link'
    WHEN 'fixed_text' THEN 'Reply: "Thanks for your message! Our team is offline right now and will follow up during business hours."'
    ELSE 'Do nothing'
  END;--> statement-breakpoint
ALTER TABLE "automation_rules" ALTER COLUMN "trigger_config" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "automation_rules" ALTER COLUMN "action_config" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "parent_instagram_comment_id" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "from_instagram_id" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "handled_by" text DEFAULT 'assistant' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "last_customer_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "kind" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "deleted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "delivery_state" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "metadata" jsonb;--> statement-breakpoint
ALTER TABLE "instagram_connections" ADD CONSTRAINT "instagram_connections_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_events" ADD CONSTRAINT "instagram_events_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_profiles" ADD CONSTRAINT "instagram_profiles_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_sends" ADD CONSTRAINT "instagram_sends_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_sends" ADD CONSTRAINT "instagram_sends_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_sends" ADD CONSTRAINT "instagram_sends_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_sends" ADD CONSTRAINT "instagram_sends_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_events_user_id_idx" ON "live_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "live_events_created_idx" ON "live_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "instagram_events_pending_idx" ON "instagram_events" USING btree ("brand_id","thread_key","occurred_at","received_at") WHERE "instagram_events"."processed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "instagram_sends_one_private_reply_idx" ON "instagram_sends" USING btree ("comment_id") WHERE "instagram_sends"."kind" = 'private_reply' and "instagram_sends"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "instagram_sends_brand_graph_id_idx" ON "instagram_sends" USING btree ("brand_id","graph_id");--> statement-breakpoint
CREATE INDEX "instagram_sends_conversation_idx" ON "instagram_sends" USING btree ("conversation_id","status");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_handled_by_check" CHECK ("conversations"."handled_by" in ('assistant', 'person'));--> statement-breakpoint
-- Live events (issue 12 §10, decision 020): every change to a user's data becomes a live_events row and a
-- pg_notify on 'voicecart_live', from the database itself, so no module needs code to publish. Attach the
-- function to any table with a brand_id column: `... FOR EACH ROW EXECUTE FUNCTION voicecart_live_event('topic')`.
-- Rows whose brand is already gone (the cascade of a brand deletion) publish nothing: the brand's own deletion
-- event covers them.
CREATE OR REPLACE FUNCTION voicecart_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rec jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
  event_brand uuid;
  event_owner uuid;
  event_id bigint;
BEGIN
  IF TG_TABLE_NAME = 'brands' THEN
    event_brand := (rec->>'id')::uuid;
    event_owner := (rec->>'user_id')::uuid;
  ELSE
    event_brand := (rec->>'brand_id')::uuid;
    SELECT user_id INTO event_owner FROM brands WHERE id = event_brand;
  END IF;
  IF event_owner IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO live_events (user_id, brand_id, topic, op, entity_id, conversation_id)
  VALUES (
    event_owner,
    event_brand,
    TG_ARGV[0],
    lower(TG_OP),
    coalesce(rec->>'id', rec->>'brand_id'),
    CASE WHEN TG_TABLE_NAME = 'conversations' THEN (rec->>'id')::uuid ELSE (rec->>'conversation_id')::uuid END
  )
  RETURNING id INTO event_id;
  PERFORM pg_notify('voicecart_live', json_build_object(
    'id', event_id,
    'userId', event_owner,
    'brandId', event_brand,
    'topic', TG_ARGV[0],
    'op', lower(TG_OP),
    'entityId', coalesce(rec->>'id', rec->>'brand_id'),
    'conversationId', CASE WHEN TG_TABLE_NAME = 'conversations' THEN rec->>'id' ELSE rec->>'conversation_id' END
  )::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER brands_live_event AFTER INSERT OR UPDATE OR DELETE ON brands
  FOR EACH ROW EXECUTE FUNCTION voicecart_live_event('brand');--> statement-breakpoint
CREATE TRIGGER conversations_live_event AFTER INSERT OR UPDATE OR DELETE ON conversations
  FOR EACH ROW EXECUTE FUNCTION voicecart_live_event('conversation');--> statement-breakpoint
CREATE TRIGGER messages_live_event AFTER INSERT OR UPDATE OR DELETE ON messages
  FOR EACH ROW EXECUTE FUNCTION voicecart_live_event('message');--> statement-breakpoint
CREATE TRIGGER comments_live_event AFTER INSERT OR UPDATE OR DELETE ON comments
  FOR EACH ROW EXECUTE FUNCTION voicecart_live_event('comment');--> statement-breakpoint
CREATE TRIGGER brand_personalities_live_event AFTER INSERT OR UPDATE OR DELETE ON brand_personalities
  FOR EACH ROW EXECUTE FUNCTION voicecart_live_event('personality');--> statement-breakpoint
CREATE TRIGGER automation_rules_live_event AFTER INSERT OR UPDATE OR DELETE ON automation_rules
  FOR EACH ROW EXECUTE FUNCTION voicecart_live_event('rule');
--> statement-breakpoint
-- Connection problems reach the dashboard; the per-webhook last_webhook_at and token refreshes stay quiet.
CREATE TRIGGER instagram_connections_live_event
  AFTER INSERT OR DELETE OR UPDATE OF status, status_reason, username, account_id ON instagram_connections
  FOR EACH ROW EXECUTE FUNCTION voicecart_live_event('connection');
