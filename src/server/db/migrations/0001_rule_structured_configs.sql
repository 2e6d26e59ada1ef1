-- Structured rule triggers and actions (issue 12; decision 014). Existing rows are filled before NOT NULL:
-- the spec §3 sample texts get their structured form; any other text cannot be read safely, so that part becomes
-- the harmless `first_message` / `do_nothing` and the rule is switched off for its owner to edit.
-- In one UPDATE every right-hand side reads the row as it was before, so the order of SET clauses does not matter.
ALTER TABLE "automation_rules" ADD COLUMN "trigger_config" jsonb;--> statement-breakpoint
ALTER TABLE "automation_rules" ADD COLUMN "action_config" jsonb;--> statement-breakpoint
UPDATE "automation_rules" SET "trigger_config" = CASE "trigger"
    WHEN 'A message mentions a product name or SKU' THEN '{"type":"product_mention"}'::jsonb
    WHEN 'A comment contains the 🔥 emoji' THEN '{"type":"comment_keyword","keywords":["🔥"]}'::jsonb
    WHEN 'A message arrives outside business hours (9am-6pm PST)' THEN '{"type":"outside_business_hours","opensAt":"09:00","closesAt":"18:00","timeZone":"America/Los_Angeles","days":["mon","tue","wed","thu","fri"]}'::jsonb
  END,
  "action_config" = CASE "action"
    WHEN 'Check live inventory and reply with availability and a checkout link' THEN '{"type":"answer_availability"}'::jsonb
    WHEN 'Send the commenter a DM with the product link' THEN '{"type":"private_reply_product_link"}'::jsonb
    WHEN 'Reply that the team will follow up during business hours' THEN '{"type":"fixed_text","text":"Thanks for your message! Our team is offline right now and will follow up during business hours."}'::jsonb
  END;--> statement-breakpoint
-- An unreadable trigger also drops the action (a readable action on a guessed trigger could still send), and an
-- unreadable action keeps a readable trigger; either way the rule is off.
UPDATE "automation_rules" SET "active" = false,
  "action_config" = CASE WHEN "trigger_config" IS NULL THEN '{"type":"do_nothing"}'::jsonb
    ELSE coalesce("action_config", '{"type":"do_nothing"}'::jsonb) END,
  "trigger_config" = coalesce("trigger_config", '{"type":"first_message"}'::jsonb)
  WHERE "trigger_config" IS NULL OR "action_config" IS NULL;--> statement-breakpoint
-- The readable texts are always describeTrigger/describeAction of the configs (#contracts/automation.ts).
UPDATE "automation_rules" SET "trigger" = CASE "trigger_config"->>'type'
    WHEN 'product_mention' THEN 'A message mentions a product name or SKU'
    WHEN 'comment_keyword' THEN 'A comment contains the 🔥 emoji'
    WHEN 'outside_business_hours' THEN 'A message arrives outside business hours (9am-6pm PST)'
    ELSE 'A customer sends their first message'
  END,
  "action" = CASE "action_config"->>'type'
    WHEN 'answer_availability' THEN 'Check live inventory and reply with availability and a checkout link'
    WHEN 'private_reply_product_link' THEN 'Send the commenter a DM with the product link'
    WHEN 'fixed_text' THEN 'Reply: "Thanks for your message! Our team is offline right now and will follow up during business hours."'
    ELSE 'Do nothing'
  END;--> statement-breakpoint
ALTER TABLE "automation_rules" ALTER COLUMN "trigger_config" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "automation_rules" ALTER COLUMN "action_config" SET NOT NULL;
