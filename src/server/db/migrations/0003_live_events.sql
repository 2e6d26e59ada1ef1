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
CREATE INDEX "live_events_user_id_idx" ON "live_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "live_events_created_idx" ON "live_events" USING btree ("created_at");--> statement-breakpoint
-- Live events (decision 020): every change to a user's data becomes a live_events row and a
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
--> statement-breakpoint
-- Store sync progress and connection changes reach the Store screen live.
CREATE TRIGGER store_connections_live_event
  AFTER INSERT OR DELETE OR UPDATE OF sync_state, sync_done, sync_total, sync_error, last_sync_at, platform, name ON store_connections
  FOR EACH ROW EXECUTE FUNCTION voicecart_live_event('sync');
