-- Revenue roll-ups (decision 039): what the Revenue screen sums, per brand, UTC day and currency, kept exact by
-- triggers in the same transaction as every change to an order or a link. A change subtracts the row's old
-- contribution and adds its new one, so a duplicate payload (same row) changes nothing, a cancellation voids, a
-- refund subtracts. Subtraction only ever updates (the row it added exists, unless the brand is being deleted and
-- its roll-ups went first), so cascaded deletes never insert a row for a brand that is gone.
CREATE TABLE "revenue_daily" (
	"brand_id" uuid NOT NULL REFERENCES "brands"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	"refunded_minor" bigint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "revenue_daily_pkey" PRIMARY KEY("brand_id","day","currency")
);
--> statement-breakpoint
CREATE TABLE "revenue_products_daily" (
	"brand_id" uuid NOT NULL REFERENCES "brands"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"product_title" text NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "revenue_products_daily_pkey" PRIMARY KEY("brand_id","day","currency","product_title")
);
--> statement-breakpoint
-- The same by calendar month: a year of top products reads twelve months of these, and days only at the edges.
CREATE TABLE "revenue_products_monthly" (
	"brand_id" uuid NOT NULL REFERENCES "brands"("id") ON DELETE cascade,
	"month" date NOT NULL,
	"currency" text NOT NULL,
	"product_title" text NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "revenue_products_monthly_pkey" PRIMARY KEY("brand_id","month","currency","product_title")
);
--> statement-breakpoint
CREATE TABLE "revenue_links_daily" (
	"brand_id" uuid NOT NULL REFERENCES "brands"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	-- '' for a link sent outside a conversation (it counts as a link, not as a conversation).
	"conversation_key" text NOT NULL,
	"links" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "revenue_links_daily_pkey" PRIMARY KEY("brand_id","day","currency","conversation_key")
);
--> statement-breakpoint
CREATE FUNCTION "voicecart_revenue_order"(o store_orders, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d date := (o.placed_at AT TIME ZONE 'UTC')::date;
  m date := date_trunc('month', (o.placed_at AT TIME ZONE 'UTC'))::date;
BEGIN
  IF o.paid_at IS NULL OR o.cancelled_at IS NOT NULL THEN
    RETURN;
  END IF;
  IF sign > 0 THEN
    INSERT INTO revenue_daily AS r (brand_id, day, currency, revenue_minor, refunded_minor, orders)
    VALUES (o.brand_id, d, o.currency, o.total_minor - o.refunded_minor, o.refunded_minor, 1)
    ON CONFLICT (brand_id, day, currency) DO UPDATE SET
      revenue_minor = r.revenue_minor + excluded.revenue_minor,
      refunded_minor = r.refunded_minor + excluded.refunded_minor,
      orders = r.orders + 1;
    INSERT INTO revenue_products_daily AS r (brand_id, day, currency, product_title, revenue_minor, orders)
    SELECT o.brand_id, d, o.currency, coalesce(line ->> 'productTitle', ''),
      sum(coalesce((line ->> 'totalMinor')::bigint, 0)), 1
    FROM jsonb_array_elements(o.lines) AS line
    GROUP BY 4 ORDER BY 4
    ON CONFLICT (brand_id, day, currency, product_title) DO UPDATE SET
      revenue_minor = r.revenue_minor + excluded.revenue_minor,
      orders = r.orders + 1;
    INSERT INTO revenue_products_monthly AS r (brand_id, month, currency, product_title, revenue_minor, orders)
    SELECT o.brand_id, m, o.currency, coalesce(line ->> 'productTitle', ''),
      sum(coalesce((line ->> 'totalMinor')::bigint, 0)), 1
    FROM jsonb_array_elements(o.lines) AS line
    GROUP BY 4 ORDER BY 4
    ON CONFLICT (brand_id, month, currency, product_title) DO UPDATE SET
      revenue_minor = r.revenue_minor + excluded.revenue_minor,
      orders = r.orders + 1;
  ELSE
    UPDATE revenue_daily SET
      revenue_minor = revenue_minor - (o.total_minor - o.refunded_minor),
      refunded_minor = refunded_minor - o.refunded_minor,
      orders = orders - 1
    WHERE brand_id = o.brand_id AND day = d AND currency = o.currency;
    UPDATE revenue_products_daily r SET revenue_minor = r.revenue_minor - p.revenue, orders = r.orders - 1
    FROM (
      SELECT coalesce(line ->> 'productTitle', '') AS title, sum(coalesce((line ->> 'totalMinor')::bigint, 0)) AS revenue
      FROM jsonb_array_elements(o.lines) AS line GROUP BY 1
    ) p
    WHERE r.brand_id = o.brand_id AND r.day = d AND r.currency = o.currency AND r.product_title = p.title;
    UPDATE revenue_products_monthly r SET revenue_minor = r.revenue_minor - p.revenue, orders = r.orders - 1
    FROM (
      SELECT coalesce(line ->> 'productTitle', '') AS title, sum(coalesce((line ->> 'totalMinor')::bigint, 0)) AS revenue
      FROM jsonb_array_elements(o.lines) AS line GROUP BY 1
    ) p
    WHERE r.brand_id = o.brand_id AND r.month = m AND r.currency = o.currency AND r.product_title = p.title;
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "voicecart_revenue_orders_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND (OLD.brand_id, OLD.placed_at, OLD.currency, OLD.total_minor, OLD.refunded_minor,
         OLD.paid_at IS NULL, OLD.cancelled_at IS NULL, OLD.lines)
      IS NOT DISTINCT FROM
        (NEW.brand_id, NEW.placed_at, NEW.currency, NEW.total_minor, NEW.refunded_minor,
         NEW.paid_at IS NULL, NEW.cancelled_at IS NULL, NEW.lines) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM voicecart_revenue_order(OLD, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM voicecart_revenue_order(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "store_orders_revenue_rollup" AFTER INSERT OR UPDATE OR DELETE ON "store_orders"
  FOR EACH ROW EXECUTE FUNCTION voicecart_revenue_orders_rollup();
--> statement-breakpoint
CREATE FUNCTION "voicecart_revenue_links_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE revenue_links_daily SET links = links - 1
    WHERE brand_id = OLD.brand_id AND day = (OLD.sent_at AT TIME ZONE 'UTC')::date
      AND currency = coalesce(OLD.items -> 0 ->> 'currency', '')
      AND conversation_key = coalesce(OLD.conversation_id::text, '');
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO revenue_links_daily AS r (brand_id, day, currency, conversation_key, links)
    VALUES (NEW.brand_id, (NEW.sent_at AT TIME ZONE 'UTC')::date, coalesce(NEW.items -> 0 ->> 'currency', ''),
      coalesce(NEW.conversation_id::text, ''), 1)
    ON CONFLICT (brand_id, day, currency, conversation_key) DO UPDATE SET links = r.links + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "checkout_links_revenue_rollup" AFTER INSERT OR DELETE OR UPDATE OF "brand_id", "sent_at", "items", "conversation_id" ON "checkout_links"
  FOR EACH ROW EXECUTE FUNCTION voicecart_revenue_links_rollup();
--> statement-breakpoint
-- Rebuilds every roll-up from the orders and links (the backfill below; also for a bulk load with the triggers
-- off, as bench/revenue.ts does), while nothing else writes orders or links.
CREATE FUNCTION "voicecart_revenue_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM revenue_daily;
  DELETE FROM revenue_products_daily;
  DELETE FROM revenue_products_monthly;
  DELETE FROM revenue_links_daily;
  INSERT INTO revenue_daily (brand_id, day, currency, revenue_minor, refunded_minor, orders)
  SELECT brand_id, (placed_at AT TIME ZONE 'UTC')::date, currency, sum(total_minor - refunded_minor), sum(refunded_minor), count(*)
  FROM store_orders WHERE paid_at IS NOT NULL AND cancelled_at IS NULL
  GROUP BY 1, 2, 3;
  INSERT INTO revenue_products_daily (brand_id, day, currency, product_title, revenue_minor, orders)
  SELECT o.brand_id, (o.placed_at AT TIME ZONE 'UTC')::date, o.currency, p.title, sum(p.revenue), count(*)
  FROM store_orders o CROSS JOIN LATERAL (
    SELECT coalesce(line ->> 'productTitle', '') AS title, sum(coalesce((line ->> 'totalMinor')::bigint, 0)) AS revenue
    FROM jsonb_array_elements(o.lines) AS line GROUP BY 1
  ) p
  WHERE o.paid_at IS NOT NULL AND o.cancelled_at IS NULL
  GROUP BY 1, 2, 3, 4;
  INSERT INTO revenue_products_monthly (brand_id, month, currency, product_title, revenue_minor, orders)
  SELECT brand_id, date_trunc('month', day)::date, currency, product_title, sum(revenue_minor), sum(orders)
  FROM revenue_products_daily GROUP BY 1, 2, 3, 4;
  INSERT INTO revenue_links_daily (brand_id, day, currency, conversation_key, links)
  SELECT brand_id, (sent_at AT TIME ZONE 'UTC')::date, coalesce(items -> 0 ->> 'currency', ''), coalesce(conversation_id::text, ''), count(*)
  FROM checkout_links GROUP BY 1, 2, 3, 4;
END
$$;
--> statement-breakpoint
SELECT voicecart_revenue_rebuild();
--> statement-breakpoint
-- The orders table of the screen pages newest first across all of a user's brands.
CREATE INDEX "store_orders_placed_idx" ON "store_orders" USING btree ("placed_at","id");
