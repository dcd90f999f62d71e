DROP INDEX "workout_snapshots_workout_version_key";--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "progression" jsonb;--> statement-breakpoint
ALTER TABLE "workout_snapshots" ADD COLUMN "progression_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "workout_snapshots_workout_version_key" ON "workout_snapshots" USING btree ("workout_id","version",coalesce("progression_key", ''));