CREATE TABLE "open_badge_credentials" (
	"id" uuid PRIMARY KEY NOT NULL,
	"certificate_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"jwt" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"status_list_index" integer NOT NULL,
	"revoked_at" timestamp with time zone,
	"revocation_reason" text,
	"stream_version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "open_badge_credentials_certificate_id_unique" UNIQUE("certificate_id"),
	CONSTRAINT "open_badge_credentials_status_list_index_unique" UNIQUE("status_list_index")
);
--> statement-breakpoint
ALTER TABLE "open_badge_credentials" ADD CONSTRAINT "open_badge_credentials_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_badge_credentials" ADD CONSTRAINT "open_badge_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_badge_credentials" ADD CONSTRAINT "open_badge_credentials_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "open_badge_credentials_user_idx" ON "open_badge_credentials" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "open_badge_credentials_revoked_idx" ON "open_badge_credentials" USING btree ("status_list_index") WHERE "open_badge_credentials"."revoked_at" is not null;