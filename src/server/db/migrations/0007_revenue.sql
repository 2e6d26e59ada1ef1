CREATE TABLE "checkout_links" (
	"id" text PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"conversation_id" uuid,
	"message_id" uuid,
	"items" jsonb NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"external_id" text NOT NULL,
	"order_number" text NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"total_minor" bigint NOT NULL,
	"payload_refunded_minor" bigint DEFAULT 0 NOT NULL,
	"refunded_minor" bigint DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"status" text NOT NULL,
	"link_id" text,
	"conversation_id" uuid,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"store_updated_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_orders_brand_platform_external_key" UNIQUE("brand_id","platform","external_id"),
	CONSTRAINT "store_orders_status_check" CHECK ("store_orders"."status" in ('pending', 'paid', 'cancelled', 'refunded', 'partially_refunded'))
);
--> statement-breakpoint
CREATE TABLE "store_order_refunds" (
	"brand_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"order_external_id" text NOT NULL,
	"refund_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_order_refunds_brand_id_platform_order_external_id_refund_id_pk" PRIMARY KEY("brand_id","platform","order_external_id","refund_id")
);
--> statement-breakpoint
ALTER TABLE "store_connections" ADD COLUMN "orders_synced_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkout_links" ADD CONSTRAINT "checkout_links_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_links" ADD CONSTRAINT "checkout_links_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_refunds" ADD CONSTRAINT "store_order_refunds_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_links_brand_sent_idx" ON "checkout_links" USING btree ("brand_id","sent_at");--> statement-breakpoint
CREATE INDEX "store_orders_brand_placed_idx" ON "store_orders" USING btree ("brand_id","placed_at");--> statement-breakpoint
CREATE INDEX "store_orders_conversation_idx" ON "store_orders" USING btree ("conversation_id","placed_at");
