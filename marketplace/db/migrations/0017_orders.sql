CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" varchar(8) NOT NULL,
	"amount" integer NOT NULL,
	"status" varchar(8) DEFAULT 'created' NOT NULL,
	"source" varchar(16),
	"products" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cottage_id" integer,
	"booking_id" integer,
	"payin_id" integer,
	"intent_id" integer,
	"stripe_session_id" varchar(255),
	"stripe_payment_intent_id" varchar(255),
	"client_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "orders_amount_check" CHECK ("orders"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_stripe_objects" (
	"id" varchar(255) PRIMARY KEY NOT NULL,
	"kind" varchar(32) NOT NULL,
	"idempotency_key" varchar(255),
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" varchar(255) PRIMARY KEY NOT NULL,
	"type" varchar(100) NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cottage_id_cottages_id_fk" FOREIGN KEY ("cottage_id") REFERENCES "public"."cottages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payin_id_payins_id_fk" FOREIGN KEY ("payin_id") REFERENCES "public"."payins"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_intent_id_money_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."money_intents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "orders_user_amount_idx" ON "orders" USING btree ("user_id","amount","id");--> statement-breakpoint
CREATE INDEX "orders_cottage_idx" ON "orders" USING btree ("cottage_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payin_key" ON "orders" USING btree ("payin_id") WHERE "orders"."type" = 'PAYIN';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_intent_type_key" ON "orders" USING btree ("intent_id","type") WHERE "orders"."intent_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_stripe_session_key" ON "orders" USING btree ("stripe_session_id") WHERE "orders"."stripe_session_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_stripe_payment_intent_key" ON "orders" USING btree ("stripe_payment_intent_id") WHERE "orders"."stripe_payment_intent_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_stripe_objects_idempotency_key" ON "sandbox_stripe_objects" USING btree ("kind","idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_stripe_objects_kind_idx" ON "sandbox_stripe_objects" USING btree ("kind","created_at");--> statement-breakpoint
-- Receipts for the booking money moved before receipts existed: the guests' card payments, their refunds, the hosts' payouts and the platform's fee on each.
INSERT INTO "orders" ("user_id", "type", "amount", "status", "source", "booking_id", "payin_id", "created_at", "paid_at")
SELECT p."user_id", 'PAYIN', p."amount", 'paid', 'mangopay', p."booking_id", p."id", p."created_at", coalesce(p."settled_at", p."created_at")
FROM "payins" p WHERE p."status" IN ('SUCCEEDED', 'REFUNDED') AND p."user_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO "orders" ("user_id", "type", "amount", "status", "source", "booking_id", "intent_id", "created_at", "paid_at")
SELECT i."user_id", CASE WHEN i."kind" = 'REFUND' THEN 'REFUND' ELSE 'PAYOUT' END, i."amount", 'paid', 'mangopay', i."booking_id", i."id", i."created_at", coalesce(i."done_at", i."created_at")
FROM "money_intents" i WHERE i."status" = 'SUCCEEDED' AND i."user_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO "orders" ("user_id", "type", "amount", "status", "source", "booking_id", "intent_id", "created_at", "paid_at")
SELECT i."user_id", 'FEE', (b."total_price" - coalesce(CASE WHEN i."purpose" = 'RETAINED' THEN b."refund_amount" END, 0)) - i."amount", 'paid', 'mangopay', i."booking_id", i."id", i."created_at", coalesce(i."done_at", i."created_at")
FROM "money_intents" i JOIN "bookings" b ON b."id" = i."booking_id"
WHERE i."status" = 'SUCCEEDED' AND i."kind" = 'PAYOUT' AND i."user_id" IS NOT NULL AND (b."total_price" - coalesce(CASE WHEN i."purpose" = 'RETAINED' THEN b."refund_amount" END, 0)) - i."amount" > 0;
