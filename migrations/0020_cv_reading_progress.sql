ALTER TABLE "rm_cv_parses" ADD COLUMN "page" integer;--> statement-breakpoint
ALTER TABLE "rm_cv_parses" ADD COLUMN "pages" integer;