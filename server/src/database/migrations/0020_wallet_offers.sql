CREATE TABLE "wallet_offers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"credential_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"redeemed_at" timestamp with time zone,
	"access_token_hash" text,
	"access_token_expires_at" timestamp with time zone,
	"credential_issued_at" timestamp with time zone,
	CONSTRAINT "wallet_offers_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "wallet_offers_access_token_hash_unique" UNIQUE("access_token_hash")
);
--> statement-breakpoint
ALTER TABLE "wallet_offers" ADD CONSTRAINT "wallet_offers_credential_id_open_badge_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."open_badge_credentials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_offers_credential_idx" ON "wallet_offers" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "wallet_offers_created_idx" ON "wallet_offers" USING btree ("created_at");