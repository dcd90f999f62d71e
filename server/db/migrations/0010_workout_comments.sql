CREATE TABLE "workout_comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"log_id" uuid NOT NULL,
	"set_id" uuid,
	"athlete_id" uuid NOT NULL,
	"author_id" uuid,
	"text" text NOT NULL,
	"conversation_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "workout_comments" ADD CONSTRAINT "workout_comments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_comments" ADD CONSTRAINT "workout_comments_log_id_workout_logs_id_fk" FOREIGN KEY ("log_id") REFERENCES "public"."workout_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_comments" ADD CONSTRAINT "workout_comments_set_id_logged_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."logged_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_comments" ADD CONSTRAINT "workout_comments_athlete_id_users_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_comments" ADD CONSTRAINT "workout_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workout_comments_log_idx" ON "workout_comments" USING btree ("organization_id","log_id","created_at");--> statement-breakpoint
CREATE INDEX "workout_comments_athlete_idx" ON "workout_comments" USING btree ("organization_id","athlete_id","created_at");