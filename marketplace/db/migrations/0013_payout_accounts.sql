CREATE TABLE "sandbox_mango_objects" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"kind" varchar(20) NOT NULL,
	"owner_id" varchar(40),
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "iban" varchar(34);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bank_owner" varchar(255);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mango_bank_account_id" varchar(40);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bank_account_added_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payment_terms_accepted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sandbox_mango_objects_owner_idx" ON "sandbox_mango_objects" USING btree ("owner_id","kind");