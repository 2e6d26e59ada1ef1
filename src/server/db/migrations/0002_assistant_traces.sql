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
ALTER TABLE "assistant_traces" ADD CONSTRAINT "assistant_traces_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_traces" ADD CONSTRAINT "assistant_traces_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_traces" ADD CONSTRAINT "assistant_traces_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_assistant_settings" ADD CONSTRAINT "brand_assistant_settings_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistant_traces_conversation_idx" ON "assistant_traces" USING btree ("conversation_id","created_at");