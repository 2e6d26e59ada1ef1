-- API keys (decision 043): each key is backed by a service principal, a users row of kind 'api_key' that cannot
-- sign in (no password, no OpenID Connect identity) and is a member of exactly one workspace with the key's role,
-- so every access condition built on workspace_members answers for keys as it does for people.
ALTER TABLE "users" ADD COLUMN "kind" text DEFAULT 'person' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_kind_check" CHECK ("users"."kind" in ('person', 'api_key'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_api_key_cannot_sign_in_check" CHECK ("users"."kind" = 'person' OR ("users"."password_hash" IS NULL AND "users"."oidc_subject" IS NULL));--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash"),
	CONSTRAINT "api_keys_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_workspace_created_idx" ON "api_keys" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
-- A key's principal gets no personal workspace: it belongs only to the workspace its key was made in.
CREATE OR REPLACE FUNCTION voicecart_personal_workspace() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  personal uuid;
BEGIN
  IF NEW.kind <> 'person' THEN
    RETURN NULL;
  END IF;
  INSERT INTO workspaces (name, personal_for)
  VALUES (coalesce(nullif(btrim(concat_ws(' ', NEW.first_name, NEW.last_name)), ''), NEW.email), NEW.id)
  RETURNING id INTO personal;
  INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (personal, NEW.id, 'owner');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A principal never outlives its key: when the key row goes (revoked, or its workspace deleted), so does the
-- principal, and with it anything that still names it.
CREATE OR REPLACE FUNCTION voicecart_api_key_principal_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM users WHERE id = OLD.user_id AND kind = 'api_key';
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER api_keys_delete_principal AFTER DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION voicecart_api_key_principal_gone();
