ALTER TABLE "open_badge_credentials" ADD COLUMN "data_integrity" jsonb;--> statement-breakpoint
ALTER TABLE "open_badge_credentials" ADD COLUMN "revocation_category" text;