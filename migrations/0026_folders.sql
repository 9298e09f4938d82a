CREATE TABLE "rm_folder_members" (
	"folder_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"agency_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"added_by" uuid NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rm_folder_members_folder_id_candidate_id_pk" PRIMARY KEY("folder_id","candidate_id")
);
--> statement-breakpoint
CREATE TABLE "rm_folders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"visibility" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rm_folder_members_candidate" ON "rm_folder_members" USING btree ("agency_id","candidate_id");--> statement-breakpoint
CREATE INDEX "rm_folders_agency" ON "rm_folders" USING btree ("agency_id","visibility");--> statement-breakpoint
CREATE INDEX "rm_folders_owner" ON "rm_folders" USING btree ("owner_id");