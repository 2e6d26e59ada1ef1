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
CREATE TABLE "shopify_oauth_states" (
	"state" text PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"shop_domain" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
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
ALTER TABLE "catalog_products" ADD CONSTRAINT "catalog_products_connection_id_store_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."store_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_terms" ADD CONSTRAINT "catalog_terms_connection_id_store_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."store_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_variants" ADD CONSTRAINT "catalog_variants_product_id_catalog_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalog_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_variants" ADD CONSTRAINT "catalog_variants_connection_id_store_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."store_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_webhook_events" ADD CONSTRAINT "catalog_webhook_events_connection_id_store_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."store_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_oauth_states" ADD CONSTRAINT "shopify_oauth_states_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_connections" ADD CONSTRAINT "store_connections_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_products_search_vector_idx" ON "catalog_products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "catalog_products_search_text_trgm_idx" ON "catalog_products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalog_terms_trgm_idx" ON "catalog_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalog_terms_sorted_idx" ON "catalog_terms" USING btree ("connection_id","sorted_letters");--> statement-breakpoint
CREATE INDEX "catalog_variants_product_idx" ON "catalog_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "catalog_variants_sku_idx" ON "catalog_variants" USING btree ("connection_id",lower("sku"));--> statement-breakpoint
CREATE INDEX "catalog_variants_inventory_item_idx" ON "catalog_variants" USING btree ("connection_id","inventory_item_id");--> statement-breakpoint
CREATE INDEX "store_connections_store_key_idx" ON "store_connections" USING btree ("platform","store_key");