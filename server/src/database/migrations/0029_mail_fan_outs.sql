CREATE TABLE "mail_fan_outs" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone
);
