CREATE TYPE "public"."schedule_entry_status" AS ENUM('scheduled', 'in_progress', 'completed', 'skipped');--> statement-breakpoint
CREATE TABLE "group_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"date" date NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"time_of_day" text,
	"snapshot_id" uuid NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"program_application_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"program_id" uuid,
	"program_name" text NOT NULL,
	"athlete_id" uuid,
	"group_id" uuid,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_workouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"day" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"workout_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_entry_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_assignment_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"removed" jsonb,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"athlete_id" uuid NOT NULL,
	"date" date NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"time_of_day" text,
	"snapshot_id" uuid NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"status" "schedule_entry_status" DEFAULT 'scheduled' NOT NULL,
	"skip_reason" text,
	"group_assignment_id" uuid,
	"follows_assignment" boolean DEFAULT false NOT NULL,
	"program_application_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workout_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"workout_id" uuid,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"notes" text,
	"blocks" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "week_starts_on" text DEFAULT 'monday' NOT NULL;--> statement-breakpoint
ALTER TABLE "group_assignments" ADD CONSTRAINT "group_assignments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_assignments" ADD CONSTRAINT "group_assignments_group_id_athlete_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."athlete_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_assignments" ADD CONSTRAINT "group_assignments_snapshot_id_workout_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."workout_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_assignments" ADD CONSTRAINT "group_assignments_program_application_id_program_applications_id_fk" FOREIGN KEY ("program_application_id") REFERENCES "public"."program_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_assignments" ADD CONSTRAINT "group_assignments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_applications" ADD CONSTRAINT "program_applications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_applications" ADD CONSTRAINT "program_applications_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_applications" ADD CONSTRAINT "program_applications_athlete_id_users_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_applications" ADD CONSTRAINT "program_applications_group_id_athlete_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."athlete_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_applications" ADD CONSTRAINT "program_applications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_workouts" ADD CONSTRAINT "program_workouts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_workouts" ADD CONSTRAINT "program_workouts_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_workouts" ADD CONSTRAINT "program_workouts_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_batches" ADD CONSTRAINT "schedule_batches_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_batches" ADD CONSTRAINT "schedule_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_athlete_id_users_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_snapshot_id_workout_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."workout_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_group_assignment_id_group_assignments_id_fk" FOREIGN KEY ("group_assignment_id") REFERENCES "public"."group_assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_program_application_id_program_applications_id_fk" FOREIGN KEY ("program_application_id") REFERENCES "public"."program_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_snapshots" ADD CONSTRAINT "workout_snapshots_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_snapshots" ADD CONSTRAINT "workout_snapshots_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_assignments_group_date_idx" ON "group_assignments" USING btree ("organization_id","group_id","date");--> statement-breakpoint
CREATE INDEX "group_assignments_date_idx" ON "group_assignments" USING btree ("organization_id","date");--> statement-breakpoint
CREATE INDEX "group_assignments_application_idx" ON "group_assignments" USING btree ("program_application_id");--> statement-breakpoint
CREATE INDEX "program_applications_program_idx" ON "program_applications" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "program_workouts_program_idx" ON "program_workouts" USING btree ("program_id","day","position");--> statement-breakpoint
CREATE INDEX "program_workouts_workout_idx" ON "program_workouts" USING btree ("workout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "programs_organization_name_key" ON "programs" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "schedule_batches_organization_idx" ON "schedule_batches" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "schedule_entries_athlete_date_idx" ON "schedule_entries" USING btree ("organization_id","athlete_id","date");--> statement-breakpoint
CREATE INDEX "schedule_entries_assignment_idx" ON "schedule_entries" USING btree ("group_assignment_id");--> statement-breakpoint
CREATE INDEX "schedule_entries_application_idx" ON "schedule_entries" USING btree ("program_application_id");--> statement-breakpoint
CREATE INDEX "schedule_entries_individual_date_idx" ON "schedule_entries" USING btree ("organization_id","date") WHERE "schedule_entries"."follows_assignment" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "workout_snapshots_workout_version_key" ON "workout_snapshots" USING btree ("workout_id","version");