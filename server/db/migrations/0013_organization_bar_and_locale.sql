ALTER TABLE "organizations" ADD COLUMN "bar_weight" double precision;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "locale" text DEFAULT 'en-US' NOT NULL;