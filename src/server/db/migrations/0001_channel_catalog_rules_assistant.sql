-- Trigram similarity for product search (trusted extension since PostgreSQL 13; PGlite loads it from contrib).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "assistant_traces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"conversation_id" uuid,
	"event_key" text NOT NULL,
	"message_id" uuid,
	"outcome" text NOT NULL,
	"rule_id" uuid,
	"rule_name" text,
	"intent" text NOT NULL,
	"product_id" uuid,
	"product_title" text,
	"variant_id" uuid,
	"variant_title" text,
	"stock_quantity" integer,
	"stock_available" boolean,
	"stock_source" text,
	"link_url" text,
	"provider" text NOT NULL,
	"prompt_tokens" integer,
	"completion_tokens" integer,
	"total_ms" integer NOT NULL,
	"trace" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assistant_traces_event_key_unique" UNIQUE("event_key"),
	CONSTRAINT "assistant_traces_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE "brand_assistant_settings" (
	"brand_id" uuid PRIMARY KEY NOT NULL,
	"disclose_automation" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
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
CREATE TABLE "catalog_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"title" text NOT NULL,
	"handle" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"product_type" text DEFAULT '' NOT NULL,
	"vendor" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"image_url" text,
	"url" text,
	"store_updated_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector",
	CONSTRAINT "catalog_products_connection_external_key" UNIQUE("connection_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_terms" (
	"connection_id" uuid NOT NULL,
	"term" text NOT NULL,
	"sorted_letters" text NOT NULL,
	CONSTRAINT "catalog_terms_connection_id_term_pk" PRIMARY KEY("connection_id","term")
);
--> statement-breakpoint
CREATE TABLE "catalog_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"inventory_item_id" text,
	"title" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sku" text,
	"price" text NOT NULL,
	"currency" text NOT NULL,
	"stock_quantity" integer,
	"inventory_policy" text DEFAULT 'deny' NOT NULL,
	"available_for_sale" boolean NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"store_updated_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_variants_connection_external_key" UNIQUE("connection_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"event_key" text NOT NULL,
	"delivery_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_webhook_events_key" UNIQUE("connection_id","topic","event_key")
);
--> statement-breakpoint
CREATE TABLE "store_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"name" text NOT NULL,
	"store_key" text,
	"storefront_url" text,
	"currency" text NOT NULL,
	"sealed_credentials" text,
	"sealed_webhook_secret" text,
	"checkout_style" text,
	"sync_state" text DEFAULT 'idle' NOT NULL,
	"sync_done" integer DEFAULT 0 NOT NULL,
	"sync_total" integer,
	"sync_error" text,
	"sync_started_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"last_webhook_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_connections_brand_id_unique" UNIQUE("brand_id"),
	CONSTRAINT "store_connections_platform_check" CHECK ("store_connections"."platform" in ('shopify', 'woocommerce', 'sample')),
	CONSTRAINT "store_connections_sync_state_check" CHECK ("store_connections"."sync_state" in ('idle', 'running', 'done', 'failed'))
);
--> statement-breakpoint
-- Structured rule triggers and actions (decision 014). Existing rows are filled before NOT NULL:
-- the three sample texts get their structured form; any other text cannot be read safely, so that part becomes
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
ALTER TABLE "assistant_traces" ADD CONSTRAINT "assistant_traces_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_traces" ADD CONSTRAINT "assistant_traces_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_traces" ADD CONSTRAINT "assistant_traces_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_assistant_settings" ADD CONSTRAINT "brand_assistant_settings_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_connections" ADD CONSTRAINT "instagram_connections_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_events" ADD CONSTRAINT "instagram_events_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_profiles" ADD CONSTRAINT "instagram_profiles_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_sends" ADD CONSTRAINT "instagram_sends_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_sends" ADD CONSTRAINT "instagram_sends_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_sends" ADD CONSTRAINT "instagram_sends_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_sends" ADD CONSTRAINT "instagram_sends_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD CONSTRAINT "catalog_products_connection_id_store_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."store_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_terms" ADD CONSTRAINT "catalog_terms_connection_id_store_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."store_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_variants" ADD CONSTRAINT "catalog_variants_product_id_catalog_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalog_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_variants" ADD CONSTRAINT "catalog_variants_connection_id_store_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."store_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_webhook_events" ADD CONSTRAINT "catalog_webhook_events_connection_id_store_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."store_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_connections" ADD CONSTRAINT "store_connections_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistant_traces_conversation_idx" ON "assistant_traces" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "instagram_events_pending_idx" ON "instagram_events" USING btree ("brand_id","thread_key","occurred_at","received_at") WHERE "instagram_events"."processed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "instagram_sends_one_private_reply_idx" ON "instagram_sends" USING btree ("comment_id") WHERE "instagram_sends"."kind" = 'private_reply' and "instagram_sends"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "instagram_sends_brand_graph_id_idx" ON "instagram_sends" USING btree ("brand_id","graph_id");--> statement-breakpoint
CREATE INDEX "instagram_sends_conversation_idx" ON "instagram_sends" USING btree ("conversation_id","status");--> statement-breakpoint
CREATE INDEX "catalog_products_search_vector_idx" ON "catalog_products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "catalog_products_search_text_trgm_idx" ON "catalog_products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalog_terms_trgm_idx" ON "catalog_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalog_terms_sorted_idx" ON "catalog_terms" USING btree ("connection_id","sorted_letters");--> statement-breakpoint
CREATE INDEX "catalog_variants_product_idx" ON "catalog_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "catalog_variants_sku_idx" ON "catalog_variants" USING btree ("connection_id","sku");--> statement-breakpoint
CREATE INDEX "catalog_variants_inventory_item_idx" ON "catalog_variants" USING btree ("connection_id","inventory_item_id");--> statement-breakpoint
CREATE INDEX "store_connections_store_key_idx" ON "store_connections" USING btree ("platform","store_key");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_handled_by_check" CHECK ("conversations"."handled_by" in ('assistant', 'person'));
