CREATE TABLE "review_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"body" text NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"reviewed_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"cottage_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"reviewed_user_id" integer NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"score" smallint NOT NULL,
	"accuracy" smallint NOT NULL,
	"cleanliness" smallint NOT NULL,
	"location" smallint NOT NULL,
	"year" smallint NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"reviewed_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_score_check" CHECK ("reviews"."score" between 1 and 5),
	CONSTRAINT "reviews_accuracy_check" CHECK ("reviews"."accuracy" between 1 and 5),
	CONSTRAINT "reviews_cleanliness_check" CHECK ("reviews"."cleanliness" between 1 and 5),
	CONSTRAINT "reviews_location_check" CHECK ("reviews"."location" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_cottage_id_cottages_id_fk" FOREIGN KEY ("cottage_id") REFERENCES "public"."cottages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewed_user_id_users_id_fk" FOREIGN KEY ("reviewed_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_replies_review_key" ON "review_replies" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "review_replies_waiting_idx" ON "review_replies" USING btree ("id") WHERE "review_replies"."reviewed_at" is null and "review_replies"."rejected_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_booking_key" ON "reviews" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "reviews_reviewed_user_idx" ON "reviews" USING btree ("reviewed_user_id","id");--> statement-breakpoint
CREATE INDEX "reviews_cottage_idx" ON "reviews" USING btree ("cottage_id","id");--> statement-breakpoint
CREATE INDEX "reviews_waiting_idx" ON "reviews" USING btree ("id") WHERE "reviews"."reviewed_at" is null and "reviews"."rejected_at" is null;