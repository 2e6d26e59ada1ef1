ALTER TABLE "brands" ADD COLUMN "time_zone" text DEFAULT 'America/Los_Angeles' NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_brand_created_idx" ON "messages" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "conversations_brand_created_idx" ON "conversations" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "assistant_traces_brand_created_idx" ON "assistant_traces" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE TABLE "analytics_dirty" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"conversation_id" uuid
);
--> statement-breakpoint
CREATE TABLE "analytics_daily" (
	"brand_id" uuid NOT NULL REFERENCES "brands"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"conversations" integer DEFAULT 0 NOT NULL,
	"automated" integer DEFAULT 0 NOT NULL,
	"handoffs" integer DEFAULT 0 NOT NULL,
	"inbound" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"ai_replies" integer DEFAULT 0 NOT NULL,
	"human_replies" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_pkey" PRIMARY KEY("brand_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_conversations" (
	"conversation_id" uuid PRIMARY KEY NOT NULL REFERENCES "conversations"("id") ON DELETE cascade,
	"brand_id" uuid NOT NULL REFERENCES "brands"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"ai_first_ms" integer,
	"human_first_ms" integer
);
--> statement-breakpoint
CREATE INDEX "analytics_conversations_brand_day_idx" ON "analytics_conversations" USING btree ("brand_id","day");--> statement-breakpoint
CREATE TABLE "analytics_counts_daily" (
	"brand_id" uuid NOT NULL REFERENCES "brands"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "analytics_counts_daily_pkey" PRIMARY KEY("brand_id","day","dimension","key"),
	CONSTRAINT "analytics_counts_daily_dimension_check" CHECK ("dimension" in ('answer_kind', 'handoff_reason'))
);
--> statement-breakpoint
CREATE TABLE "analytics_products_daily" (
	"brand_id" uuid NOT NULL REFERENCES "brands"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"product_id" uuid NOT NULL,
	"product_title" text NOT NULL,
	"asks" integer NOT NULL,
	CONSTRAINT "analytics_products_daily_pkey" PRIMARY KEY("brand_id","day","product_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_sold_out_daily" (
	"brand_id" uuid NOT NULL REFERENCES "brands"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"variant_id" uuid NOT NULL,
	"buyer" text NOT NULL,
	"product_title" text NOT NULL,
	"variant_title" text NOT NULL,
	"asks" integer NOT NULL,
	"last_asked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_sold_out_daily_pkey" PRIMARY KEY("brand_id","day","variant_id","buyer")
);
--> statement-breakpoint
CREATE TABLE "analytics_rules_daily" (
	"brand_id" uuid NOT NULL REFERENCES "brands"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"rule_id" uuid NOT NULL,
	"rule_name" text NOT NULL,
	"matched" integer NOT NULL,
	"sent" integer NOT NULL,
	"conversations" integer NOT NULL,
	"links" integer NOT NULL,
	CONSTRAINT "analytics_rules_daily_pkey" PRIMARY KEY("brand_id","day","rule_id")
);
--> statement-breakpoint
CREATE FUNCTION "voicecart_analytics_dirty"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO analytics_dirty (brand_id, at, conversation_id) VALUES (OLD.brand_id, OLD.created_at, OLD.id);
    RETURN OLD;
  END IF;
  IF TG_TABLE_NAME = 'conversations' THEN
    INSERT INTO analytics_dirty (brand_id, at, conversation_id) VALUES (NEW.brand_id, NEW.created_at, NEW.id);
  ELSIF TG_TABLE_NAME = 'comments' THEN
    INSERT INTO analytics_dirty (brand_id, at, conversation_id) VALUES (NEW.brand_id, NEW.created_at, NULL);
  ELSE
    INSERT INTO analytics_dirty (brand_id, at, conversation_id) VALUES (NEW.brand_id, NEW.created_at, NEW.conversation_id);
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "messages_analytics_dirty" AFTER INSERT ON "messages" FOR EACH ROW EXECUTE FUNCTION voicecart_analytics_dirty();--> statement-breakpoint
CREATE TRIGGER "comments_analytics_dirty" AFTER INSERT ON "comments" FOR EACH ROW EXECUTE FUNCTION voicecart_analytics_dirty();--> statement-breakpoint
CREATE TRIGGER "assistant_traces_analytics_dirty" AFTER INSERT ON "assistant_traces" FOR EACH ROW EXECUTE FUNCTION voicecart_analytics_dirty();--> statement-breakpoint
CREATE TRIGGER "conversations_analytics_dirty" AFTER INSERT OR DELETE OR UPDATE OF "status", "handled_by" ON "conversations" FOR EACH ROW EXECUTE FUNCTION voicecart_analytics_dirty();
