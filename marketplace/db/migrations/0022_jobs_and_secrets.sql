CREATE TABLE "app_secrets" (
	"name" varchar(32) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_cursors" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"after" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "orders_open_stripe_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" in ('created', 'pending', 'failed') and ("orders"."stripe_session_id" is not null or "orders"."stripe_payment_intent_id" is not null);