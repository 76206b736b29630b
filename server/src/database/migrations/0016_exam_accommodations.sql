CREATE TABLE "exam_accommodations" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"extra_minutes" integer,
	"extra_percent" integer,
	"ends_on" date,
	"note" text NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"granted_by" uuid,
	"withdrawn_at" timestamp with time zone,
	"stream_version" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_accommodations" ADD CONSTRAINT "exam_accommodations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;