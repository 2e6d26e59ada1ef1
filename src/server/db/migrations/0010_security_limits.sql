CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_reset_at_idx" ON "rate_limit_counters" USING btree ("reset_at");
--> statement-breakpoint
CREATE TABLE "login_successes" (
	"user_id" uuid NOT NULL,
	"ip_address" text NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_successes_pkey" PRIMARY KEY("user_id","ip_address")
);
--> statement-breakpoint
ALTER TABLE "login_successes" ADD CONSTRAINT "login_successes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
