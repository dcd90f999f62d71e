CREATE TABLE "log_exercise_totals" (
	"organization_id" uuid NOT NULL,
	"log_id" uuid NOT NULL,
	"exercise_id" uuid NOT NULL,
	"athlete_id" uuid NOT NULL,
	"performed_on" date NOT NULL,
	"sets" integer NOT NULL,
	"reps" integer NOT NULL,
	"load_kg" double precision NOT NULL,
	"best_one_rm_kg" double precision,
	CONSTRAINT "log_exercise_totals_log_id_exercise_id_pk" PRIMARY KEY("log_id","exercise_id")
);
--> statement-breakpoint
CREATE TABLE "log_totals" (
	"organization_id" uuid NOT NULL,
	"log_id" uuid PRIMARY KEY NOT NULL,
	"athlete_id" uuid NOT NULL,
	"performed_on" date NOT NULL,
	"sets" integer NOT NULL,
	"reps" integer NOT NULL,
	"load_kg" double precision NOT NULL
);
--> statement-breakpoint
DROP INDEX "logged_sets_report_idx";--> statement-breakpoint
DROP INDEX "logged_sets_best_estimate_idx";--> statement-breakpoint
ALTER TABLE "log_exercise_totals" ADD CONSTRAINT "log_exercise_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_exercise_totals" ADD CONSTRAINT "log_exercise_totals_log_id_workout_logs_id_fk" FOREIGN KEY ("log_id") REFERENCES "public"."workout_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_totals" ADD CONSTRAINT "log_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_totals" ADD CONSTRAINT "log_totals_log_id_workout_logs_id_fk" FOREIGN KEY ("log_id") REFERENCES "public"."workout_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "log_exercise_totals_athlete_idx" ON "log_exercise_totals" USING btree ("organization_id","athlete_id","performed_on");--> statement-breakpoint
CREATE INDEX "log_totals_athlete_idx" ON "log_totals" USING btree ("organization_id","athlete_id","performed_on");--> statement-breakpoint
CREATE INDEX "questionnaire_answers_load_idx" ON "questionnaire_answers" USING btree ("organization_id","date","athlete_id","load") WHERE "questionnaire_answers"."load" is not null;--> statement-breakpoint
-- The rollups follow `logged_sets` on every write path (the tracking routes and their offline replays, corrections,
-- an import, the seeds, a log's delete cascading), as `throwing_days` follows `pitches` (ADR 040): one statement
-- trigger per event recomputes, from the log's sets, the (log, exercise) pairs its transition tables name, and then
-- those logs' totals from their pairs.
-- docs/decisions/076-report-rollups.md
CREATE FUNCTION "refresh_log_exercise_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  logs uuid[];
  exercise_ids uuid[];
  athletes uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(log_id), array_agg(exercise_id), array_agg(athlete_id) INTO logs, exercise_ids, athletes
    FROM (SELECT DISTINCT log_id, exercise_id, athlete_id FROM new_rows) t;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(log_id), array_agg(exercise_id), array_agg(athlete_id) INTO logs, exercise_ids, athletes
    FROM (SELECT DISTINCT log_id, exercise_id, athlete_id FROM old_rows) t;
  ELSE
    SELECT array_agg(log_id), array_agg(exercise_id), array_agg(athlete_id) INTO logs, exercise_ids, athletes
    FROM (SELECT log_id, exercise_id, athlete_id FROM old_rows UNION SELECT log_id, exercise_id, athlete_id FROM new_rows) t;
  END IF;
  IF logs IS NULL THEN
    RETURN NULL;
  END IF;
  -- One transaction at a time per athlete (two devices sync one workout), so neither sums without the other's sets;
  -- per athlete, not per log, so a bulk insert of a season holds a lock per athlete, not one per workout.
  PERFORM pg_advisory_xact_lock(hashtextextended('log_exercise_totals:' || a, 0))
  FROM (SELECT DISTINCT unnest(athletes)::text AS a ORDER BY 1) t;
  DELETE FROM log_exercise_totals r
  USING (SELECT DISTINCT log_id, exercise_id FROM unnest(logs, exercise_ids) AS u(log_id, exercise_id)) AS d
  WHERE r.log_id = d.log_id AND r.exercise_id = d.exercise_id;
  INSERT INTO log_exercise_totals (organization_id, log_id, exercise_id, athlete_id, performed_on, sets, reps,
    load_kg, best_one_rm_kg)
  SELECT s.organization_id, s.log_id, s.exercise_id, (array_agg(s.athlete_id))[1], max(s.performed_on), count(*)::int,
    coalesce(sum(s.reps), 0)::int, coalesce(sum(s.load_kg * s.reps), 0)::float8, max(s.estimated_one_rm_kg)
  FROM (SELECT DISTINCT log_id, exercise_id FROM unnest(logs, exercise_ids) AS u(log_id, exercise_id)) AS d
  JOIN logged_sets s ON s.log_id = d.log_id AND s.exercise_id = d.exercise_id AND s.done AND NOT s.removed
  GROUP BY s.organization_id, s.log_id, s.exercise_id;
  DELETE FROM log_totals r WHERE r.log_id = ANY (logs);
  INSERT INTO log_totals (organization_id, log_id, athlete_id, performed_on, sets, reps, load_kg)
  SELECT t.organization_id, t.log_id, (array_agg(t.athlete_id))[1], max(t.performed_on), sum(t.sets)::int,
    sum(t.reps)::int, sum(t.load_kg)::float8
  FROM log_exercise_totals t
  WHERE t.log_id IN (SELECT DISTINCT unnest(logs))
  GROUP BY t.organization_id, t.log_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "logged_sets_insert_rollup" AFTER INSERT ON "logged_sets" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "refresh_log_exercise_totals"();
--> statement-breakpoint
CREATE TRIGGER "logged_sets_update_rollup" AFTER UPDATE ON "logged_sets" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "refresh_log_exercise_totals"();
--> statement-breakpoint
CREATE TRIGGER "logged_sets_delete_rollup" AFTER DELETE ON "logged_sets" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "refresh_log_exercise_totals"();
--> statement-breakpoint
INSERT INTO log_exercise_totals (organization_id, log_id, exercise_id, athlete_id, performed_on, sets, reps, load_kg,
  best_one_rm_kg)
SELECT s.organization_id, s.log_id, s.exercise_id, (array_agg(s.athlete_id))[1], max(s.performed_on), count(*)::int,
  coalesce(sum(s.reps), 0)::int, coalesce(sum(s.load_kg * s.reps), 0)::float8, max(s.estimated_one_rm_kg)
FROM logged_sets s
WHERE s.done AND NOT s.removed
GROUP BY s.organization_id, s.log_id, s.exercise_id;
--> statement-breakpoint
INSERT INTO log_totals (organization_id, log_id, athlete_id, performed_on, sets, reps, load_kg)
SELECT t.organization_id, t.log_id, (array_agg(t.athlete_id))[1], max(t.performed_on), sum(t.sets)::int,
  sum(t.reps)::int, sum(t.load_kg)::float8
FROM log_exercise_totals t
GROUP BY t.organization_id, t.log_id;
