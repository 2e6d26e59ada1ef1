-- A brand may have the sample Instagram account (decision 041): nothing to seal, sends recorded locally.
ALTER TABLE "instagram_connections" ADD COLUMN "sample" boolean DEFAULT false NOT NULL;
