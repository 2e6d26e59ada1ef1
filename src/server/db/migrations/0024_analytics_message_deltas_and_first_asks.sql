-- Decision 055. A new message is recorded with its sender (and a deleted one with sign -1), so the roll-up job adds
-- it to its day's inbound / reply counts instead of recounting the day's messages; any other change is recorded as
-- before (sender null) and recomputes the days it touches. No message is written while this runs (the lock), so
-- the recount below and the new trigger between them see every message once.
LOCK TABLE "messages" IN SHARE MODE;--> statement-breakpoint
ALTER TABLE "analytics_dirty" ADD COLUMN "sender" text;--> statement-breakpoint
ALTER TABLE "analytics_dirty" ADD COLUMN "sign" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
-- The buyer's previous day asking for the variant: a range counts a buyer once, on the first of its rows in the range
-- (no previous day, or one before the range), so distinct buyers become a plain filtered count.
ALTER TABLE "analytics_sold_out_daily" ADD COLUMN "prev_day" date;--> statement-breakpoint
CREATE INDEX "analytics_sold_out_daily_buyer_idx" ON "analytics_sold_out_daily" ("brand_id","variant_id","buyer","day");--> statement-breakpoint
UPDATE "analytics_sold_out_daily" s SET "prev_day" = x.prev
FROM (
	SELECT brand_id, day, variant_id, buyer,
		lag(day) OVER (PARTITION BY brand_id, variant_id, buyer ORDER BY day) AS prev
	FROM analytics_sold_out_daily
) x
WHERE x.prev IS NOT NULL AND s.brand_id = x.brand_id AND s.day = x.day AND s.variant_id = x.variant_id
	AND s.buyer = x.buyer;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "voicecart_analytics_dirty"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'messages' THEN
    IF TG_OP = 'DELETE' THEN
      INSERT INTO analytics_dirty (brand_id, at, conversation_id, sender, sign)
        VALUES (OLD.brand_id, OLD.created_at, OLD.conversation_id, OLD.sender, -1);
      RETURN OLD;
    END IF;
    INSERT INTO analytics_dirty (brand_id, at, conversation_id, sender, sign)
      VALUES (NEW.brand_id, NEW.created_at, NEW.conversation_id, NEW.sender, 1);
    RETURN NEW;
  END IF;
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
DROP TRIGGER "messages_analytics_dirty" ON "messages";--> statement-breakpoint
CREATE TRIGGER "messages_analytics_dirty" AFTER INSERT OR DELETE ON "messages" FOR EACH ROW EXECUTE FUNCTION voicecart_analytics_dirty();--> statement-breakpoint
-- From here a day's message counts change only by those deltas, so they are counted once more from the messages
-- (changes recorded before this, without a sender, still recompute everything else of their days), and the monthly
-- sums follow.
INSERT INTO analytics_daily (brand_id, day, inbound, ai_replies, human_replies)
SELECT b.id, k.day, coalesce(m.inbound, 0), coalesce(m.ai_replies, 0), coalesce(m.human_replies, 0)
FROM brands b
JOIN (
	SELECT brand_id, day FROM analytics_daily
	UNION SELECT m.brand_id, (m.created_at AT TIME ZONE b2.time_zone)::date
	FROM messages m JOIN brands b2 ON b2.id = m.brand_id
) k ON k.brand_id = b.id
LEFT JOIN (
	SELECT m.brand_id, (m.created_at AT TIME ZONE b3.time_zone)::date AS day,
		count(*) FILTER (WHERE m.sender = 'customer') AS inbound,
		count(*) FILTER (WHERE m.sender = 'ai') AS ai_replies,
		count(*) FILTER (WHERE m.sender = 'agent') AS human_replies
	FROM messages m JOIN brands b3 ON b3.id = m.brand_id
	GROUP BY 1, 2
) m ON m.brand_id = k.brand_id AND m.day = k.day
ON CONFLICT ("brand_id", "day") DO UPDATE SET inbound = excluded.inbound, ai_replies = excluded.ai_replies,
	human_replies = excluded.human_replies;--> statement-breakpoint
DELETE FROM analytics_daily WHERE conversations = 0 AND automated = 0 AND handoffs = 0 AND inbound = 0
	AND comments = 0 AND ai_replies = 0 AND human_replies = 0;--> statement-breakpoint
DELETE FROM analytics_monthly;--> statement-breakpoint
INSERT INTO analytics_monthly
	(brand_id, month, conversations, automated, handoffs, inbound, comments, ai_replies, human_replies)
SELECT brand_id, date_trunc('month', day)::date, sum(conversations), sum(automated), sum(handoffs), sum(inbound),
	sum(comments), sum(ai_replies), sum(human_replies)
FROM analytics_daily GROUP BY 1, 2;
--> statement-breakpoint
-- Sold-out demand per brand, month and variant, by `since`: for a buyer's first row in the month, its previous day
-- asking (-infinity for none); for the others, the month itself. A range of whole months from `from` counts the rows
-- whose `since` is before `from`: each buyer once (decision 055).
CREATE TABLE "analytics_sold_out_monthly" (
	"brand_id" uuid NOT NULL REFERENCES "brands"("id") ON DELETE cascade,
	"month" date NOT NULL,
	"variant_id" uuid NOT NULL,
	"since" date NOT NULL,
	"product_title" text NOT NULL,
	"variant_title" text NOT NULL,
	"buyers" integer NOT NULL,
	"asks" integer NOT NULL,
	"last_asked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_sold_out_monthly_pkey" PRIMARY KEY("brand_id","month","variant_id","since")
);
--> statement-breakpoint
INSERT INTO analytics_sold_out_monthly
	(brand_id, month, variant_id, since, product_title, variant_title, buyers, asks, last_asked_at)
SELECT brand_id, date_trunc('month', day)::date, variant_id,
	CASE WHEN prev_day IS NULL THEN '-infinity'::date
		WHEN prev_day < date_trunc('month', day)::date THEN prev_day ELSE date_trunc('month', day)::date END,
	max(product_title), max(variant_title), count(*), sum(asks), max(last_asked_at)
FROM analytics_sold_out_daily GROUP BY 1, 2, 3, 4;
