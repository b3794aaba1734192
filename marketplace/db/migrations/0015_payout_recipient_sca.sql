ALTER TABLE "users" ADD COLUMN "mango_recipient_id" varchar(40);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sca_bank_action_url" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sca_bank_action_at" timestamp with time zone;