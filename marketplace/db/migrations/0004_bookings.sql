CREATE TABLE "booked_nights" (
	"cottage_id" integer NOT NULL,
	"night" date NOT NULL,
	"booking_id" integer NOT NULL,
	CONSTRAINT "booked_nights_cottage_id_night_pk" PRIMARY KEY("cottage_id","night")
);
--> statement-breakpoint
CREATE TABLE "booking_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"type" varchar(24) NOT NULL,
	"state" varchar(8) NOT NULL,
	"user_id" integer,
	"amount" integer,
	"date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"cottage_id" integer NOT NULL,
	"host_id" integer NOT NULL,
	"guest_id" integer NOT NULL,
	"status" varchar(12) DEFAULT 'PENDING' NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"number_of_guests" smallint NOT NULL,
	"cleaning_policy" varchar(10) NOT NULL,
	"cancellation_policy_id" integer NOT NULL,
	"total_price" integer NOT NULL,
	"fee_percentage" smallint NOT NULL,
	"booking_expiration_date" timestamp with time zone NOT NULL,
	"additional_information" text,
	"mark_as_booked_if_accepted" boolean DEFAULT true NOT NULL,
	"insurance" boolean DEFAULT true NOT NULL,
	"omocom_id" varchar(40),
	"paid_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"paid_out_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancellation_reason" text,
	"refund_amount" integer,
	"calendar_before" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_stay_check" CHECK ("bookings"."check_out" > "bookings"."check_in"),
	CONSTRAINT "bookings_total_price_check" CHECK ("bookings"."total_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "cancellation_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	"cancel_for_full_refund_in_days" smallint NOT NULL,
	"cancel_for_half_refund_in_days" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payins" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"user_id" integer,
	"provider" varchar(12) NOT NULL,
	"provider_id" varchar(64) NOT NULL,
	"card_type" varchar(24) NOT NULL,
	"amount" integer NOT NULL,
	"status" varchar(12) DEFAULT 'CREATED' NOT NULL,
	"result_code" varchar(16),
	"result_message" text,
	"refund_provider_id" varchar(64),
	"refunded_amount" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_transactions" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"amount" integer NOT NULL,
	"card_type" varchar(24),
	"return_url" text,
	"status" varchar(12) DEFAULT 'CREATED' NOT NULL,
	"result_code" varchar(16),
	"result_message" text,
	"secure_mode_pending" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mango_user_id" varchar(40);--> statement-breakpoint
ALTER TABLE "booked_nights" ADD CONSTRAINT "booked_nights_cottage_id_cottages_id_fk" FOREIGN KEY ("cottage_id") REFERENCES "public"."cottages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booked_nights" ADD CONSTRAINT "booked_nights_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cottage_id_cottages_id_fk" FOREIGN KEY ("cottage_id") REFERENCES "public"."cottages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_guest_id_users_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancellation_policy_id_cancellation_policies_id_fk" FOREIGN KEY ("cancellation_policy_id") REFERENCES "public"."cancellation_policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payins" ADD CONSTRAINT "payins_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payins" ADD CONSTRAINT "payins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booked_nights_booking_idx" ON "booked_nights" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_events_booking_idx" ON "booking_events" USING btree ("booking_id","date");--> statement-breakpoint
CREATE INDEX "bookings_guest_check_in_idx" ON "bookings" USING btree ("guest_id","check_in","id");--> statement-breakpoint
CREATE INDEX "bookings_host_check_in_idx" ON "bookings" USING btree ("host_id","check_in","id");--> statement-breakpoint
CREATE INDEX "bookings_conversation_idx" ON "bookings" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "bookings_cottage_check_in_idx" ON "bookings" USING btree ("cottage_id","check_in");--> statement-breakpoint
CREATE INDEX "bookings_status_expiry_idx" ON "bookings" USING btree ("status","booking_expiration_date");--> statement-breakpoint
CREATE INDEX "bookings_status_check_out_idx" ON "bookings" USING btree ("status","check_out");--> statement-breakpoint
CREATE UNIQUE INDEX "payins_provider_id_key" ON "payins" USING btree ("provider","provider_id");--> statement-breakpoint
CREATE INDEX "payins_booking_idx" ON "payins" USING btree ("booking_id");--> statement-breakpoint
INSERT INTO "cancellation_policies" ("id", "name", "cancel_for_full_refund_in_days", "cancel_for_half_refund_in_days") VALUES (1, 'flexible', 1, 0), (2, 'moderate', 14, 7), (3, 'strict', 30, 14);--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('cancellation_policies', 'id'), 3);
