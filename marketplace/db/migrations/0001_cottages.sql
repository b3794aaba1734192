CREATE TABLE "bankid_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"cottage_id" integer,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"personal_number" varchar(12),
	"name" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cottage_amenities" (
	"cottage_id" integer NOT NULL,
	"key" varchar(40) NOT NULL,
	"comment_sv" varchar(255),
	"comment_en" varchar(255),
	"comment_de" varchar(255),
	CONSTRAINT "cottage_amenities_cottage_id_key_pk" PRIMARY KEY("cottage_id","key")
);
--> statement-breakpoint
CREATE TABLE "cottage_calendar" (
	"id" serial PRIMARY KEY NOT NULL,
	"cottage_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"state" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cottage_cities" (
	"cottage_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	CONSTRAINT "cottage_cities_cottage_id_city_id_pk" PRIMARY KEY("cottage_id","city_id")
);
--> statement-breakpoint
CREATE TABLE "cottage_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"cottage_id" integer NOT NULL,
	"filename" varchar(100) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"comment_sv" varchar(255),
	"comment_en" varchar(255),
	"comment_de" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cottage_tags" (
	"cottage_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "cottage_tags_cottage_id_tag_id_pk" PRIMARY KEY("cottage_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "cottage_visits" (
	"cottage_id" integer NOT NULL,
	"day" date NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cottage_visits_cottage_id_day_pk" PRIMARY KEY("cottage_id","day")
);
--> statement-breakpoint
CREATE TABLE "cottages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title_sv" varchar(50),
	"title_en" varchar(50),
	"title_de" varchar(50),
	"description_sv" text,
	"description_en" text,
	"description_de" text,
	"area" integer,
	"beds" integer,
	"extra_beds" integer,
	"property_designation_type" varchar(12),
	"rent_out_type" varchar(16),
	"commission" boolean,
	"commission_percentage" smallint DEFAULT 12 NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"hide_location" boolean DEFAULT false NOT NULL,
	"region_id" smallint,
	"address_street" varchar(255),
	"address_postal_code" varchar(50),
	"address_city" varchar(100),
	"property_designation" varchar(255),
	"cottage_village" boolean DEFAULT false NOT NULL,
	"price_low_day" integer,
	"price_low_week" integer,
	"price_high_day" integer,
	"price_high_week" integer,
	"price_per_month" integer,
	"pricefield_sv" text,
	"pricefield_en" text,
	"pricefield_de" text,
	"reviewed_at" timestamp with time zone,
	"asked_for_review_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"verified_by" varchar(12),
	"paid_at" timestamp with time zone,
	"paid_until" timestamp with time zone,
	"gallery_until" timestamp with time zone,
	"calendar_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "last_minutes" (
	"id" serial PRIMARY KEY NOT NULL,
	"cottage_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"price" integer NOT NULL,
	"title_sv" varchar(50),
	"title_en" varchar(50),
	"title_de" varchar(50),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"tag" varchar(40) NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "bankid_sessions" ADD CONSTRAINT "bankid_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bankid_sessions" ADD CONSTRAINT "bankid_sessions_cottage_id_cottages_id_fk" FOREIGN KEY ("cottage_id") REFERENCES "public"."cottages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cottage_amenities" ADD CONSTRAINT "cottage_amenities_cottage_id_cottages_id_fk" FOREIGN KEY ("cottage_id") REFERENCES "public"."cottages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cottage_calendar" ADD CONSTRAINT "cottage_calendar_cottage_id_cottages_id_fk" FOREIGN KEY ("cottage_id") REFERENCES "public"."cottages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cottage_cities" ADD CONSTRAINT "cottage_cities_cottage_id_cottages_id_fk" FOREIGN KEY ("cottage_id") REFERENCES "public"."cottages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cottage_images" ADD CONSTRAINT "cottage_images_cottage_id_cottages_id_fk" FOREIGN KEY ("cottage_id") REFERENCES "public"."cottages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cottage_tags" ADD CONSTRAINT "cottage_tags_cottage_id_cottages_id_fk" FOREIGN KEY ("cottage_id") REFERENCES "public"."cottages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cottage_tags" ADD CONSTRAINT "cottage_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cottage_visits" ADD CONSTRAINT "cottage_visits_cottage_id_cottages_id_fk" FOREIGN KEY ("cottage_id") REFERENCES "public"."cottages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cottages" ADD CONSTRAINT "cottages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "last_minutes" ADD CONSTRAINT "last_minutes_cottage_id_cottages_id_fk" FOREIGN KEY ("cottage_id") REFERENCES "public"."cottages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bankid_sessions_token_key" ON "bankid_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "cottage_calendar_cottage_idx" ON "cottage_calendar" USING btree ("cottage_id","from_date");--> statement-breakpoint
CREATE INDEX "cottage_images_cottage_idx" ON "cottage_images" USING btree ("cottage_id","weight");--> statement-breakpoint
CREATE UNIQUE INDEX "cottage_images_filename_key" ON "cottage_images" USING btree ("filename");--> statement-breakpoint
CREATE INDEX "cottage_tags_tag_idx" ON "cottage_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "cottages_user_idx" ON "cottages" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "last_minutes_cottage_idx" ON "last_minutes" USING btree ("cottage_id","from_date");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_tag_key" ON "tags" USING btree ("tag");