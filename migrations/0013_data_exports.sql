CREATE TABLE "rm_data_exports" (
	"export_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"file_id" uuid,
	"size" integer,
	"requested_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "rm_data_exports_user" ON "rm_data_exports" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rm_data_exports_expiry" ON "rm_data_exports" USING btree ("status","expires_at");