CREATE TABLE "rm_named_profiles" (
	"user_id" uuid NOT NULL,
	"profile_id" text NOT NULL,
	"name" text,
	"criteria" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rm_named_profiles_user_id_profile_id_pk" PRIMARY KEY("user_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "rm_profile_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"list" text NOT NULL,
	"values" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rm_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"identity" jsonb,
	"address" jsonb,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"about" jsonb,
	"notifications" jsonb,
	"default_profile_id" text DEFAULT 'main' NOT NULL,
	"versions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rm_profile_entries_user" ON "rm_profile_entries" USING btree ("user_id");