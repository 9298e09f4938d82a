CREATE TABLE "rm_faq_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"audiences" text[] NOT NULL,
	"texts" jsonb NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rm_support_messages" (
	"request_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"author_id" uuid,
	"from_requester" boolean NOT NULL,
	"body" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "rm_support_messages_request_id_position_pk" PRIMARY KEY("request_id","position")
);
--> statement-breakpoint
CREATE TABLE "rm_support_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"requester_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"locale" text NOT NULL,
	"kind" text NOT NULL,
	"topic" text NOT NULL,
	"status" text NOT NULL,
	"attachment_id" uuid,
	"attachment_name" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rm_faq_entries_topic" ON "rm_faq_entries" USING btree ("topic","position");--> statement-breakpoint
CREATE INDEX "rm_support_requests_requester" ON "rm_support_requests" USING btree ("requester_id","updated_at");--> statement-breakpoint
CREATE INDEX "rm_support_requests_status" ON "rm_support_requests" USING btree ("status","updated_at");