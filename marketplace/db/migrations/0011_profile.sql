CREATE TABLE "sandbox_bankid_orders" (
	"order_ref" varchar(64) PRIMARY KEY NOT NULL,
	"auto_start_token" varchar(64) NOT NULL,
	"qr_start_token" varchar(64) NOT NULL,
	"qr_start_secret" varchar(64) NOT NULL,
	"end_user_ip" varchar(64) NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"hint_code" varchar(40) DEFAULT 'outstandingTransaction' NOT NULL,
	"personal_number" varchar(12),
	"given_name" varchar(255),
	"surname" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "bankid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tin_number" varchar(80);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vat_registered" varchar(3);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vat_number" varchar(50);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vat_rate_tenths" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "personal_number" varchar(10);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "organization_number" varchar(11);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hq_address1" varchar(40);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hq_address2" varchar(40);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hq_postal_code" varchar(8);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hq_city" varchar(40);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hq_country" varchar(2);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hq_region" varchar(40);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bankid_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bankid_sessions" ADD COLUMN "order_ref" varchar(64);--> statement-breakpoint
ALTER TABLE "bankid_sessions" ADD COLUMN "qr_start_token" varchar(64);--> statement-breakpoint
ALTER TABLE "bankid_sessions" ADD COLUMN "qr_start_secret" varchar(64);--> statement-breakpoint
ALTER TABLE "bankid_sessions" ADD COLUMN "given_name" varchar(255);--> statement-breakpoint
ALTER TABLE "bankid_sessions" ADD COLUMN "surname" varchar(255);--> statement-breakpoint
ALTER TABLE "bankid_sessions" ADD COLUMN "hint_code" varchar(40);--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_bankid_orders_autostart_key" ON "sandbox_bankid_orders" USING btree ("auto_start_token");