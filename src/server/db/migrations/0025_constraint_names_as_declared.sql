-- The constraints that migrations written by hand left with PostgreSQL's own names (`<table>_<column>_fkey`) or
-- with a name cut to 63 characters take the names the schema files give them: drizzle-kit matches constraints by
-- name, so it took each for one to drop and another to create (the migration-names test compares the two). A
-- rename changes no data and takes only a brief lock on each table.
ALTER TABLE "analytics_conversations" RENAME CONSTRAINT "analytics_conversations_brand_id_fkey" TO "analytics_conversations_brand_id_brands_id_fk";--> statement-breakpoint
ALTER TABLE "analytics_conversations" RENAME CONSTRAINT "analytics_conversations_conversation_id_fkey" TO "analytics_conversations_conversation_id_conversations_id_fk";--> statement-breakpoint
ALTER TABLE "analytics_counts_daily" RENAME CONSTRAINT "analytics_counts_daily_brand_id_fkey" TO "analytics_counts_daily_brand_id_brands_id_fk";--> statement-breakpoint
ALTER TABLE "analytics_counts_monthly" RENAME CONSTRAINT "analytics_counts_monthly_brand_id_fkey" TO "analytics_counts_monthly_brand_id_brands_id_fk";--> statement-breakpoint
ALTER TABLE "analytics_daily" RENAME CONSTRAINT "analytics_daily_brand_id_fkey" TO "analytics_daily_brand_id_brands_id_fk";--> statement-breakpoint
ALTER TABLE "analytics_monthly" RENAME CONSTRAINT "analytics_monthly_brand_id_fkey" TO "analytics_monthly_brand_id_brands_id_fk";--> statement-breakpoint
ALTER TABLE "analytics_products_daily" RENAME CONSTRAINT "analytics_products_daily_brand_id_fkey" TO "analytics_products_daily_brand_id_brands_id_fk";--> statement-breakpoint
ALTER TABLE "analytics_products_monthly" RENAME CONSTRAINT "analytics_products_monthly_brand_id_fkey" TO "analytics_products_monthly_brand_id_brands_id_fk";--> statement-breakpoint
ALTER TABLE "analytics_response_daily" RENAME CONSTRAINT "analytics_response_daily_brand_id_fkey" TO "analytics_response_daily_brand_id_brands_id_fk";--> statement-breakpoint
ALTER TABLE "analytics_response_monthly" RENAME CONSTRAINT "analytics_response_monthly_brand_id_fkey" TO "analytics_response_monthly_brand_id_brands_id_fk";--> statement-breakpoint
ALTER TABLE "analytics_rules_daily" RENAME CONSTRAINT "analytics_rules_daily_brand_id_fkey" TO "analytics_rules_daily_brand_id_brands_id_fk";--> statement-breakpoint
ALTER TABLE "analytics_rules_monthly" RENAME CONSTRAINT "analytics_rules_monthly_brand_id_fkey" TO "analytics_rules_monthly_brand_id_brands_id_fk";--> statement-breakpoint
ALTER TABLE "analytics_sold_out_daily" RENAME CONSTRAINT "analytics_sold_out_daily_brand_id_fkey" TO "analytics_sold_out_daily_brand_id_brands_id_fk";--> statement-breakpoint
ALTER TABLE "analytics_sold_out_monthly" RENAME CONSTRAINT "analytics_sold_out_monthly_brand_id_fkey" TO "analytics_sold_out_monthly_brand_id_brands_id_fk";--> statement-breakpoint
ALTER TABLE "assistant_conversation_state" RENAME CONSTRAINT "assistant_conversation_state_conversation_id_conversations_id_f" TO "assistant_conversation_state_conversation_id_fk";--> statement-breakpoint
ALTER TABLE "email_change_tokens" RENAME CONSTRAINT "email_change_tokens_user_id_fkey" TO "email_change_tokens_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "notifications" RENAME CONSTRAINT "notifications_brand_id_fkey" TO "notifications_brand_id_brands_id_fk";--> statement-breakpoint
ALTER TABLE "notifications" RENAME CONSTRAINT "notifications_user_id_fkey" TO "notifications_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "notifications" RENAME CONSTRAINT "notifications_workspace_id_fkey" TO "notifications_workspace_id_workspaces_id_fk";--> statement-breakpoint
ALTER TABLE "revenue_daily" RENAME CONSTRAINT "revenue_daily_brand_id_fkey" TO "revenue_daily_brand_id_brands_id_fk";--> statement-breakpoint
ALTER TABLE "revenue_links_daily" RENAME CONSTRAINT "revenue_links_daily_brand_id_fkey" TO "revenue_links_daily_brand_id_brands_id_fk";--> statement-breakpoint
ALTER TABLE "revenue_products_daily" RENAME CONSTRAINT "revenue_products_daily_brand_id_fkey" TO "revenue_products_daily_brand_id_brands_id_fk";--> statement-breakpoint
ALTER TABLE "revenue_products_monthly" RENAME CONSTRAINT "revenue_products_monthly_brand_id_fkey" TO "revenue_products_monthly_brand_id_brands_id_fk";--> statement-breakpoint
ALTER TABLE "store_order_refunds" RENAME CONSTRAINT "store_order_refunds_brand_id_platform_order_external_id_refund_" TO "store_order_refunds_pkey";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" RENAME CONSTRAINT "webhook_deliveries_endpoint_id_fkey" TO "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" RENAME CONSTRAINT "webhook_deliveries_event_id_fkey" TO "webhook_deliveries_event_id_webhook_events_id_fk";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" RENAME CONSTRAINT "webhook_endpoints_created_by_fkey" TO "webhook_endpoints_created_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" RENAME CONSTRAINT "webhook_endpoints_workspace_id_fkey" TO "webhook_endpoints_workspace_id_workspaces_id_fk";--> statement-breakpoint
ALTER TABLE "webhook_events" RENAME CONSTRAINT "webhook_events_workspace_id_fkey" TO "webhook_events_workspace_id_workspaces_id_fk";--> statement-breakpoint
ALTER TABLE "workspace_daily_counts" RENAME CONSTRAINT "workspace_daily_counts_workspace_id_fkey" TO "workspace_daily_counts_workspace_id_workspaces_id_fk";
