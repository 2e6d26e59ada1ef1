-- The Overview's stat cards show their change against 30 days before (decision 051): each workspace's four counts,
-- recorded once a day (the last recording of a UTC day wins).
CREATE TABLE "workspace_daily_counts" (
	"workspace_id" uuid NOT NULL REFERENCES "workspaces"("id") ON DELETE CASCADE,
	"day" date NOT NULL,
	"total_brands" integer NOT NULL,
	"active_brands" integer NOT NULL,
	"instagram_connected" integer NOT NULL,
	"shopify_connected" integer NOT NULL,
	CONSTRAINT "workspace_daily_counts_workspace_id_day_pk" PRIMARY KEY("workspace_id","day")
);
