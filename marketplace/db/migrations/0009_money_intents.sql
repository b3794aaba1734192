CREATE TABLE "money_intents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"purpose" varchar(12) NOT NULL,
	"booking_id" integer NOT NULL,
	"payin_id" integer,
	"user_id" integer,
	"amount" integer NOT NULL,
	"idempotency_key" varchar(64) NOT NULL,
	"status" varchar(10) DEFAULT 'PENDING' NOT NULL,
	"provider_id" varchar(64),
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "money_intents_amount_check" CHECK ("money_intents"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "booked_nights" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_transactions" ADD COLUMN "idempotency_key" varchar(64);--> statement-breakpoint
ALTER TABLE "money_intents" ADD CONSTRAINT "money_intents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_intents" ADD CONSTRAINT "money_intents_payin_id_payins_id_fk" FOREIGN KEY ("payin_id") REFERENCES "public"."payins"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_intents" ADD CONSTRAINT "money_intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "money_intents_idempotency_key" ON "money_intents" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "money_intents_refund_payin_key" ON "money_intents" USING btree ("payin_id") WHERE "money_intents"."kind" = 'REFUND';--> statement-breakpoint
CREATE UNIQUE INDEX "money_intents_payout_booking_key" ON "money_intents" USING btree ("booking_id") WHERE "money_intents"."kind" = 'PAYOUT';--> statement-breakpoint
CREATE INDEX "money_intents_open_idx" ON "money_intents" USING btree ("status","id");--> statement-breakpoint
ALTER TABLE "sandbox_transactions" ADD CONSTRAINT "sandbox_transactions_idempotency_key" UNIQUE("idempotency_key");--> statement-breakpoint
-- Refunds owed before intents existed become intents. One claimed ('pending') and never recorded may
-- have been made at the provider: it is kept FAILED for support to check there, never repeated blindly.
INSERT INTO "money_intents" ("kind", "purpose", "booking_id", "payin_id", "user_id", "amount", "idempotency_key", "status", "last_error")
SELECT 'REFUND',
  CASE WHEN p."status" = 'REFUNDED' THEN 'UNBOOKABLE' ELSE 'CANCEL' END,
  p."booking_id", p."id", p."user_id",
  CASE WHEN p."status" = 'REFUNDED' THEN p."amount" ELSE b."refund_amount" END,
  md5('legacy-refund-' || p."id" || '-' || random()::text),
  CASE WHEN p."refund_provider_id" = 'pending' THEN 'FAILED' ELSE 'PENDING' END,
  CASE WHEN p."refund_provider_id" = 'pending' THEN 'legacy: the refund may have been made; check at the provider' ELSE NULL END
FROM "payins" p JOIN "bookings" b ON b."id" = p."booking_id"
WHERE (p."refund_provider_id" IS NULL OR p."refund_provider_id" = 'pending')
  AND (p."status" = 'REFUNDED' OR (p."status" = 'SUCCEEDED' AND b."status" = 'CANCELLED' AND coalesce(b."refund_amount", 0) > 0));
