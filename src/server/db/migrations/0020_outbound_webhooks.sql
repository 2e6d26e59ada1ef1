-- Outbound webhooks (decision 049): a workspace's endpoints, the events recorded for them and one delivery per
-- event and endpoint. Events are written by triggers in the transaction of the fact itself (a transactional
-- outbox), and only when an enabled endpoint of the brand's workspace subscribes to the event's type.
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL REFERENCES "workspaces"("id") ON DELETE CASCADE,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"secret_sealed" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"disabled_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webhook_endpoints_workspace_idx" ON "webhook_endpoints" USING btree ("workspace_id","created_at");
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL REFERENCES "workspaces"("id") ON DELETE CASCADE,
	"type" text NOT NULL,
	"source_key" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_events_source_key" UNIQUE("source_key")
);
--> statement-breakpoint
CREATE INDEX "webhook_events_created_idx" ON "webhook_events" USING btree ("created_at");
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL REFERENCES "webhook_events"("id") ON DELETE CASCADE,
	"endpoint_id" uuid NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"response_status" integer,
	"last_error" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_event_endpoint_key" UNIQUE("event_id","endpoint_id"),
	CONSTRAINT "webhook_deliveries_status_check" CHECK ("status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_created_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at","id");
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "status" = 'pending';
--> statement-breakpoint
-- Records one event for the brand's workspace and a pending delivery for every enabled endpoint subscribed to its
-- type. Nothing is written when no endpoint wants it. `source_key` names the fact, so the same fact written
-- again (a replayed job, a redelivered store webhook) records no second event.
CREATE OR REPLACE FUNCTION voicecart_record_webhook_event(event_brand uuid, event_type text, event_source text, event_data jsonb)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  event_workspace uuid;
  new_event uuid;
BEGIN
  SELECT workspace_id INTO event_workspace FROM brands WHERE id = event_brand;
  IF event_workspace IS NULL THEN
    RETURN;
  END IF;
  IF NOT EXISTS (
    SELECT 1 FROM webhook_endpoints
    WHERE workspace_id = event_workspace AND enabled AND event_type = ANY(events)
  ) THEN
    RETURN;
  END IF;
  INSERT INTO webhook_events (workspace_id, type, source_key, data)
  VALUES (event_workspace, event_type, event_source, event_data || jsonb_build_object('brandId', event_brand))
  ON CONFLICT (source_key) DO NOTHING
  RETURNING id INTO new_event;
  IF new_event IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO webhook_deliveries (event_id, endpoint_id)
  SELECT new_event, id FROM webhook_endpoints
  WHERE workspace_id = event_workspace AND enabled AND event_type = ANY(events);
END;
$$;
--> statement-breakpoint
-- True when an enabled endpoint of the brand's workspace subscribes to the type: the triggers ask this first, so a
-- workspace without endpoints pays one indexed lookup per change and builds no payload.
CREATE OR REPLACE FUNCTION voicecart_webhook_wanted(event_brand uuid, event_type text)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM brands b JOIN webhook_endpoints e ON e.workspace_id = b.workspace_id
    WHERE b.id = event_brand AND e.enabled AND event_type = ANY(e.events)
  );
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION voicecart_webhook_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.sender = 'customer' AND TG_OP = 'INSERT' THEN
    IF NOT voicecart_webhook_wanted(NEW.brand_id, 'message.received') THEN
      RETURN NULL;
    END IF;
    PERFORM voicecart_record_webhook_event(NEW.brand_id, 'message.received', 'message.received:' || NEW.id,
      jsonb_build_object(
        'messageId', NEW.id,
        'conversationId', NEW.conversation_id,
        'customerUsername', (SELECT customer_username FROM conversations WHERE id = NEW.conversation_id),
        'kind', NEW.kind,
        'text', NEW.content,
        'receivedAt', NEW.created_at));
  ELSIF NEW.sender <> 'customer' AND NEW.delivery_state IN ('sent', 'delivered', 'seen')
    AND (TG_OP = 'INSERT' OR OLD.delivery_state IS NULL OR OLD.delivery_state NOT IN ('sent', 'delivered', 'seen'))
    AND voicecart_webhook_wanted(NEW.brand_id, 'reply.sent') THEN
    PERFORM voicecart_record_webhook_event(NEW.brand_id, 'reply.sent', 'reply.sent:' || NEW.id,
      jsonb_build_object(
        'messageId', NEW.id,
        'conversationId', NEW.conversation_id,
        'sentBy', CASE WHEN NEW.sender = 'ai' THEN 'assistant' ELSE 'person' END,
        'text', NEW.content,
        'sentAt', now()));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER messages_webhook_event AFTER INSERT OR UPDATE OF delivery_state ON messages
  FOR EACH ROW EXECUTE FUNCTION voicecart_webhook_message();
--> statement-breakpoint
-- A conversation can be escalated or resolved again after it was reopened: each change of status is its own
-- fact, so the key carries the transaction that made it.
CREATE OR REPLACE FUNCTION voicecart_webhook_conversation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('escalated', 'resolved') AND NEW.status IS DISTINCT FROM OLD.status
    AND voicecart_webhook_wanted(NEW.brand_id, 'conversation.' || NEW.status) THEN
    PERFORM voicecart_record_webhook_event(NEW.brand_id, 'conversation.' || NEW.status,
      'conversation.' || NEW.status || ':' || NEW.id || ':' || txid_current(),
      jsonb_build_object(
        'conversationId', NEW.id,
        'customerUsername', NEW.customer_username,
        'status', NEW.status,
        'handledBy', NEW.handled_by));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER conversations_webhook_event AFTER UPDATE OF status ON conversations
  FOR EACH ROW EXECUTE FUNCTION voicecart_webhook_conversation();
--> statement-breakpoint
-- Orders are stored only when they carry one of the brand's checkout link ids, so a new row is an attribution.
CREATE OR REPLACE FUNCTION voicecart_webhook_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT voicecart_webhook_wanted(NEW.brand_id, 'order.attributed') THEN
    RETURN NULL;
  END IF;
  PERFORM voicecart_record_webhook_event(NEW.brand_id, 'order.attributed', 'order.attributed:' || NEW.id,
    jsonb_build_object(
      'orderId', NEW.id,
      'conversationId', NEW.conversation_id,
      'linkId', NEW.link_id,
      'platform', NEW.platform,
      'orderNumber', NEW.order_number,
      'status', NEW.status,
      'currency', NEW.currency,
      'totalMinor', NEW.total_minor,
      'placedAt', NEW.placed_at));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER store_orders_webhook_event AFTER INSERT ON store_orders
  FOR EACH ROW EXECUTE FUNCTION voicecart_webhook_order();
