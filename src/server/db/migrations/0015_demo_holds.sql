ALTER TABLE "demo_bookings" ADD COLUMN "ip_address" text;
--> statement-breakpoint
ALTER TABLE "demo_bookings" ADD COLUMN "hold_until" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "demo_bookings" ADD COLUMN "confirm_token_hash" text;
--> statement-breakpoint
ALTER TABLE "demo_bookings" ADD COLUMN "released_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "demo_bookings" DROP CONSTRAINT "demo_bookings_date_time_slot_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "demo_bookings_date_time_slot_key" ON "demo_bookings" USING btree ("date","time_slot") WHERE "released_at" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "demo_bookings_confirm_token_hash_key" ON "demo_bookings" USING btree ("confirm_token_hash");
--> statement-breakpoint
CREATE INDEX "demo_bookings_ip_address_created_at_idx" ON "demo_bookings" USING btree ("ip_address","created_at");
--> statement-breakpoint
CREATE INDEX "demo_bookings_email_created_at_idx" ON "demo_bookings" USING btree (lower("email"),"created_at");
--> statement-breakpoint
CREATE INDEX "demo_bookings_created_at_idx" ON "demo_bookings" USING btree ("created_at");
