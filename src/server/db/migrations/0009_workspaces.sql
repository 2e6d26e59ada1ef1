-- Workspaces (decision 030): brands belong to a workspace; users belong to workspaces with one role each.
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"personal_for" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspaces_personal_for_unique" UNIQUE("personal_for")
);
--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_personal_for_users_id_fk" FOREIGN KEY ("personal_for") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_pkey" PRIMARY KEY("workspace_id","user_id"),
	CONSTRAINT "workspace_members_role_check" CHECK ("workspace_members"."role" in ('owner', 'admin', 'agent'))
);
--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" USING btree ("user_id","workspace_id");--> statement-breakpoint
-- Every existing user gets a personal workspace named after them, owned by them.
INSERT INTO "workspaces" ("name", "personal_for", "created_at")
  SELECT coalesce(nullif(btrim(concat_ws(' ', "first_name", "last_name")), ''), "email"), "id", "created_at" FROM "users";--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "created_at")
  SELECT "id", "personal_for", 'owner', "created_at" FROM "workspaces" WHERE "personal_for" IS NOT NULL;--> statement-breakpoint
-- Brands move into their user's personal workspace; every id stays. user_id now records who created the brand.
ALTER TABLE "brands" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "brands" SET "workspace_id" = "workspaces"."id" FROM "workspaces" WHERE "workspaces"."personal_for" = "brands"."user_id";--> statement-breakpoint
ALTER TABLE "brands" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" DROP CONSTRAINT "brands_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
DROP INDEX "brands_user_created_idx";--> statement-breakpoint
CREATE INDEX "brands_workspace_created_idx" ON "brands" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
-- The session's current workspace (null: the user's personal one).
ALTER TABLE "sessions" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every account has a personal workspace from its first moment (sign-up, OpenID Connect, the admin command line,
-- an accepted invitation), so "the user's personal workspace" always exists.
CREATE OR REPLACE FUNCTION voicecart_personal_workspace() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  personal uuid;
BEGIN
  INSERT INTO workspaces (name, personal_for)
  VALUES (coalesce(nullif(btrim(concat_ws(' ', NEW.first_name, NEW.last_name)), ''), NEW.email), NEW.id)
  RETURNING id INTO personal;
  INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (personal, NEW.id, 'owner');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_personal_workspace AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION voicecart_personal_workspace();--> statement-breakpoint
-- A brand inserted with only its creator (the command line's demo seed, older callers) lands in the creator's
-- personal workspace.
CREATE OR REPLACE FUNCTION voicecart_brand_workspace() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.workspace_id IS NULL THEN
    SELECT id INTO NEW.workspace_id FROM workspaces WHERE personal_for = NEW.user_id;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER brands_default_workspace BEFORE INSERT ON brands
  FOR EACH ROW EXECUTE FUNCTION voicecart_brand_workspace();--> statement-breakpoint
-- Live events go to everyone in the brand's workspace.
ALTER TABLE "live_events" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "live_events" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
UPDATE "live_events" SET "workspace_id" = "workspaces"."id" FROM "workspaces" WHERE "workspaces"."personal_for" = "live_events"."user_id";--> statement-breakpoint
DROP INDEX "live_events_user_id_idx";--> statement-breakpoint
CREATE INDEX "live_events_workspace_id_idx" ON "live_events" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION voicecart_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rec jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
  event_brand uuid;
  event_workspace uuid;
  event_id bigint;
BEGIN
  IF TG_TABLE_NAME = 'brands' THEN
    event_brand := (rec->>'id')::uuid;
    event_workspace := (rec->>'workspace_id')::uuid;
  ELSE
    event_brand := (rec->>'brand_id')::uuid;
    SELECT workspace_id INTO event_workspace FROM brands WHERE id = event_brand;
  END IF;
  IF event_workspace IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO live_events (workspace_id, brand_id, topic, op, entity_id, conversation_id)
  VALUES (
    event_workspace,
    event_brand,
    TG_ARGV[0],
    lower(TG_OP),
    coalesce(rec->>'id', rec->>'brand_id'),
    CASE WHEN TG_TABLE_NAME = 'conversations' THEN (rec->>'id')::uuid ELSE (rec->>'conversation_id')::uuid END
  )
  RETURNING id INTO event_id;
  PERFORM pg_notify('voicecart_live', json_build_object(
    'id', event_id,
    'workspaceId', event_workspace,
    'brandId', event_brand,
    'topic', TG_ARGV[0],
    'op', lower(TG_OP),
    'entityId', coalesce(rec->>'id', rec->>'brand_id'),
    'conversationId', CASE WHEN TG_TABLE_NAME = 'conversations' THEN rec->>'id' ELSE rec->>'conversation_id' END
  )::text);
  RETURN NULL;
END;
$$;
