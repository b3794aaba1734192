ALTER TABLE "cottages" ADD COLUMN "stay_rules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "stay_rules_overridden" boolean DEFAULT false NOT NULL;