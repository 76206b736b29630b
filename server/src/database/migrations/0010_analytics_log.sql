CREATE TABLE "analytics_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_reports" ADD CONSTRAINT "analytics_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_reports_occurred_at_idx" ON "analytics_reports" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_reports_name_idx" ON "analytics_reports" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "analytics_reports_user_idx" ON "analytics_reports" USING btree ("user_id","id") WHERE "analytics_reports"."user_id" is not null;