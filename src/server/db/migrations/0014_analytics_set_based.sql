ALTER TABLE "analytics_conversations" ADD COLUMN "has_ai" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_conversations" ADD COLUMN "handed_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_conversations" ADD COLUMN "person" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_rules_daily" ADD COLUMN "orders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "analytics_response_daily" (
	"brand_id" uuid NOT NULL REFERENCES "brands"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"responder" text NOT NULL,
	"bucket_ms" integer NOT NULL,
	"conversations" integer NOT NULL,
	CONSTRAINT "analytics_response_daily_pkey" PRIMARY KEY("brand_id","day","responder","bucket_ms"),
	CONSTRAINT "analytics_response_daily_responder_check" CHECK ("responder" in ('ai', 'human'))
);
--> statement-breakpoint
CREATE TABLE "analytics_monthly" (
	"brand_id" uuid NOT NULL REFERENCES "brands"("id") ON DELETE cascade,
	"month" date NOT NULL,
	"conversations" integer NOT NULL,
	"automated" integer NOT NULL,
	"handoffs" integer NOT NULL,
	"inbound" integer NOT NULL,
	"comments" integer NOT NULL,
	"ai_replies" integer NOT NULL,
	"human_replies" integer NOT NULL,
	CONSTRAINT "analytics_monthly_pkey" PRIMARY KEY("brand_id","month")
);
--> statement-breakpoint
CREATE TABLE "analytics_response_monthly" (
	"brand_id" uuid NOT NULL REFERENCES "brands"("id") ON DELETE cascade,
	"month" date NOT NULL,
	"responder" text NOT NULL,
	"bucket_ms" integer NOT NULL,
	"conversations" integer NOT NULL,
	CONSTRAINT "analytics_response_monthly_pkey" PRIMARY KEY("brand_id","month","responder","bucket_ms")
);
--> statement-breakpoint
CREATE TABLE "analytics_counts_monthly" (
	"brand_id" uuid NOT NULL REFERENCES "brands"("id") ON DELETE cascade,
	"month" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "analytics_counts_monthly_pkey" PRIMARY KEY("brand_id","month","dimension","key")
);
--> statement-breakpoint
CREATE TABLE "analytics_products_monthly" (
	"brand_id" uuid NOT NULL REFERENCES "brands"("id") ON DELETE cascade,
	"month" date NOT NULL,
	"product_id" uuid NOT NULL,
	"product_title" text NOT NULL,
	"asks" integer NOT NULL,
	CONSTRAINT "analytics_products_monthly_pkey" PRIMARY KEY("brand_id","month","product_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_rules_monthly" (
	"brand_id" uuid NOT NULL REFERENCES "brands"("id") ON DELETE cascade,
	"month" date NOT NULL,
	"rule_id" uuid NOT NULL,
	"rule_name" text NOT NULL,
	"matched" integer NOT NULL,
	"sent" integer NOT NULL,
	"conversations" integer NOT NULL,
	"links" integer NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "analytics_rules_monthly_pkey" PRIMARY KEY("brand_id","month","rule_id")
);
--> statement-breakpoint
CREATE FUNCTION "voicecart_analytics_order_dirty"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.conversation_id IS NOT NULL AND OLD.conversation_id IS DISTINCT FROM NEW.conversation_id THEN
    INSERT INTO analytics_dirty (brand_id, at, conversation_id) VALUES (OLD.brand_id, OLD.placed_at, OLD.conversation_id);
  END IF;
  IF NEW.conversation_id IS NOT NULL THEN
    INSERT INTO analytics_dirty (brand_id, at, conversation_id) VALUES (NEW.brand_id, NEW.placed_at, NEW.conversation_id);
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "store_orders_analytics_dirty" AFTER INSERT OR UPDATE OF "paid_at", "cancelled_at", "conversation_id" ON "store_orders" FOR EACH ROW EXECUTE FUNCTION voicecart_analytics_order_dirty();--> statement-breakpoint
INSERT INTO "analytics_dirty" ("brand_id", "at", "conversation_id")
SELECT x.brand_id, (x.day + interval '12 hours') AT TIME ZONE b.time_zone, NULL
FROM (
	SELECT brand_id, day FROM analytics_daily
	UNION SELECT brand_id, day FROM analytics_counts_daily
	UNION SELECT brand_id, day FROM analytics_products_daily
	UNION SELECT brand_id, day FROM analytics_sold_out_daily
	UNION SELECT brand_id, day FROM analytics_rules_daily
) x JOIN brands b ON b.id = x.brand_id;
