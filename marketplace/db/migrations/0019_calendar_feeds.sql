CREATE TABLE "calendar_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"cottage_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"url" text NOT NULL,
	"last_fetched_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" varchar(20),
	"failing_since" timestamp with time zone,
	"event_count" integer DEFAULT 0 NOT NULL,
	"etag" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cottage_ical_tokens" (
	"cottage_id" integer PRIMARY KEY NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imported_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"feed_id" integer NOT NULL,
	"cottage_id" integer NOT NULL,
	"uid" varchar(255) NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_cottage_id_cottages_id_fk" FOREIGN KEY ("cottage_id") REFERENCES "public"."cottages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cottage_ical_tokens" ADD CONSTRAINT "cottage_ical_tokens_cottage_id_cottages_id_fk" FOREIGN KEY ("cottage_id") REFERENCES "public"."cottages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_periods" ADD CONSTRAINT "imported_periods_feed_id_calendar_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."calendar_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_periods" ADD CONSTRAINT "imported_periods_cottage_id_cottages_id_fk" FOREIGN KEY ("cottage_id") REFERENCES "public"."cottages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_cottage_url_key" ON "calendar_feeds" USING btree ("cottage_id","url");--> statement-breakpoint
CREATE INDEX "calendar_feeds_fetched_idx" ON "calendar_feeds" USING btree ("last_fetched_at");--> statement-breakpoint
CREATE UNIQUE INDEX "imported_periods_feed_uid_key" ON "imported_periods" USING btree ("feed_id","uid","from_date");--> statement-breakpoint
CREATE INDEX "imported_periods_cottage_idx" ON "imported_periods" USING btree ("cottage_id","from_date");