CREATE TABLE "auth_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" varchar(12) NOT NULL,
	"account" varchar(254) NOT NULL,
	"address" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" varchar(64) NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(254) NOT NULL,
	"password_hash" text,
	"type" varchar(8) DEFAULT 'SOFT' NOT NULL,
	"type_of_person" varchar(8) DEFAULT 'NATURAL' NOT NULL,
	"admin" boolean DEFAULT false NOT NULL,
	"language" varchar(2) DEFAULT 'sv' NOT NULL,
	"first_name" varchar(255),
	"last_name" varchar(255),
	"birthday" date,
	"phone_1" varchar(20),
	"phone_2" varchar(20),
	"hide_phone_number" boolean DEFAULT false NOT NULL,
	"hide_last_name" boolean DEFAULT false NOT NULL,
	"nationality" varchar(2),
	"country_of_residence" varchar(2),
	"business_type" varchar(16),
	"business_name" varchar(255),
	"company_number" varchar(20),
	"u_address1" varchar(40),
	"u_address2" varchar(40),
	"u_postal_code" varchar(8),
	"u_city" varchar(40),
	"u_country" varchar(2),
	"u_region" varchar(40),
	"kyc_status" varchar(12) DEFAULT 'UNVERIFIED' NOT NULL,
	"booking_active" boolean DEFAULT false NOT NULL,
	"booking_valid" boolean DEFAULT false NOT NULL,
	"can_change_name" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(255) NOT NULL,
	"body" text NOT NULL,
	"published_from" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" varchar(254) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "todos" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" varchar(24) NOT NULL,
	"ref_id" integer NOT NULL,
	"conversation_id" integer,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_events" ADD CONSTRAINT "user_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todos" ADD CONSTRAINT "todos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_attempts_account_idx" ON "auth_attempts" USING btree ("action","account","created_at");--> statement-breakpoint
CREATE INDEX "auth_attempts_address_idx" ON "auth_attempts" USING btree ("action","address","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tokens_hash_key" ON "auth_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_events_user_idx" ON "user_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "todos_user_type_ref_key" ON "todos" USING btree ("user_id","type","ref_id");--> statement-breakpoint
CREATE INDEX "todos_user_read_idx" ON "todos" USING btree ("user_id","read");