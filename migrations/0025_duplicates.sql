CREATE TABLE "rm_duplicate_candidates" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"minhash" jsonb,
	"keys_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rm_duplicate_dismissals" (
	"scope" text NOT NULL,
	"first_id" uuid NOT NULL,
	"second_id" uuid NOT NULL,
	"dismissed_by" uuid NOT NULL,
	"dismissed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rm_duplicate_dismissals_scope_first_id_second_id_pk" PRIMARY KEY("scope","first_id","second_id")
);
--> statement-breakpoint
CREATE TABLE "rm_duplicate_keys" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "rm_duplicate_keys_user_id_kind_value_pk" PRIMARY KEY("user_id","kind","value")
);
--> statement-breakpoint
CREATE TABLE "rm_duplicate_pairs" (
	"first_id" uuid NOT NULL,
	"second_id" uuid NOT NULL,
	"score" real NOT NULL,
	"reasons" jsonb NOT NULL,
	"found_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rm_duplicate_pairs_first_id_second_id_pk" PRIMARY KEY("first_id","second_id")
);
--> statement-breakpoint
CREATE INDEX "rm_duplicate_keys_value" ON "rm_duplicate_keys" USING btree ("kind","value");--> statement-breakpoint
CREATE INDEX "rm_duplicate_pairs_second" ON "rm_duplicate_pairs" USING btree ("second_id");