CREATE TABLE "badge_expiry_reminders" (
	"user_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "badge_expiry_reminders_user_id_course_id_expires_at_pk" PRIMARY KEY("user_id","course_id","expires_at")
);
--> statement-breakpoint
ALTER TABLE "badge_expiry_reminders" ADD CONSTRAINT "badge_expiry_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_expiry_reminders" ADD CONSTRAINT "badge_expiry_reminders_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The reminders already sent, kept: a badge reminded of its expiry is not reminded again.
INSERT INTO "badge_expiry_reminders" ("user_id", "course_id", "expires_at", "reminded_at")
SELECT "user_id", "course_id", "reminded_for_expiry", now() FROM "badges" WHERE "reminded_for_expiry" IS NOT NULL ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "badges" DROP COLUMN "reminded_for_expiry";