CREATE TABLE "mail_address_confirmations" (
	"user_id" uuid NOT NULL,
	"address" text NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_address_confirmations_user_id_address_pk" PRIMARY KEY("user_id","address")
);
--> statement-breakpoint
ALTER TABLE "mail_address_confirmations" ADD CONSTRAINT "mail_address_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;