CREATE TABLE "throwing_days" (
	"organization_id" uuid NOT NULL,
	"athlete_id" uuid NOT NULL,
	"date" date NOT NULL,
	"pitch_type" text NOT NULL,
	"pitches" integer NOT NULL,
	"velocity_sum" double precision NOT NULL,
	"velocity_top" real NOT NULL,
	"strikes" integer NOT NULL,
	"strikes_known" integer NOT NULL,
	CONSTRAINT "throwing_days_organization_id_athlete_id_date_pitch_type_pk" PRIMARY KEY("organization_id","athlete_id","date","pitch_type")
);
--> statement-breakpoint
CREATE TABLE "workload_days" (
	"organization_id" uuid NOT NULL,
	"athlete_id" uuid NOT NULL,
	"date" date NOT NULL,
	"throws" integer NOT NULL,
	"workload_sum" double precision,
	CONSTRAINT "workload_days_organization_id_athlete_id_date_pk" PRIMARY KEY("organization_id","athlete_id","date")
);
--> statement-breakpoint
ALTER TABLE "throwing_days" ADD CONSTRAINT "throwing_days_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "throwing_days" ADD CONSTRAINT "throwing_days_athlete_id_users_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workload_days" ADD CONSTRAINT "workload_days_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workload_days" ADD CONSTRAINT "workload_days_athlete_id_users_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "throwing_days_org_date_idx" ON "throwing_days" USING btree ("organization_id","date");--> statement-breakpoint
CREATE INDEX "workload_days_org_date_idx" ON "workload_days" USING btree ("organization_id","date");--> statement-breakpoint
-- The rollups follow `pitches` and `sensor_throws` on every write path (the routes, an import's commit, the seeds,
-- a workout log's delete cascading): one statement trigger per event, with its transition table, recomputes from the
-- base table the (organisation, athlete, date) days the statement touched. A row trigger would recompute a day per
-- row, so a 20,000-row import would sum its day 20,000 times. docs/decisions/040-throwing-rollups.md
CREATE FUNCTION "refresh_throwing_days"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  orgs uuid[];
  athletes uuid[];
  dates date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(organization_id), array_agg(athlete_id), array_agg(date) INTO orgs, athletes, dates
    FROM (SELECT DISTINCT organization_id, athlete_id, date FROM new_rows) t;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(organization_id), array_agg(athlete_id), array_agg(date) INTO orgs, athletes, dates
    FROM (SELECT DISTINCT organization_id, athlete_id, date FROM old_rows) t;
  ELSE
    SELECT array_agg(organization_id), array_agg(athlete_id), array_agg(date) INTO orgs, athletes, dates
    FROM (SELECT organization_id, athlete_id, date FROM old_rows
      UNION SELECT organization_id, athlete_id, date FROM new_rows) t;
  END IF;
  IF orgs IS NULL THEN
    RETURN NULL;
  END IF;
  -- One transaction at a time per athlete, so two writers of one day cannot each sum it without the other's rows
  -- (in READ COMMITTED each statement below takes a new snapshot, after the lock).
  PERFORM pg_advisory_xact_lock(hashtextextended('throwing_days:' || a, 0))
  FROM (SELECT DISTINCT unnest(athletes)::text AS a ORDER BY 1) t;
  DELETE FROM throwing_days r
  USING unnest(orgs, athletes, dates) AS d(organization_id, athlete_id, date)
  WHERE r.organization_id = d.organization_id AND r.athlete_id = d.athlete_id AND r.date = d.date;
  INSERT INTO throwing_days (organization_id, athlete_id, date, pitch_type, pitches, velocity_sum, velocity_top,
    strikes, strikes_known)
  SELECT p.organization_id, p.athlete_id, p.date, p.pitch_type, count(*)::int, sum(p.velocity_mph::float8),
    max(p.velocity_mph), (count(*) FILTER (WHERE p.strike))::int, count(p.strike)::int
  FROM unnest(orgs, athletes, dates) AS d(organization_id, athlete_id, date)
  JOIN pitches p ON p.organization_id = d.organization_id AND p.athlete_id = d.athlete_id AND p.date = d.date
  GROUP BY p.organization_id, p.athlete_id, p.date, p.pitch_type;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "refresh_workload_days"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  orgs uuid[];
  athletes uuid[];
  dates date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(organization_id), array_agg(athlete_id), array_agg(date) INTO orgs, athletes, dates
    FROM (SELECT DISTINCT organization_id, athlete_id, date FROM new_rows) t;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(organization_id), array_agg(athlete_id), array_agg(date) INTO orgs, athletes, dates
    FROM (SELECT DISTINCT organization_id, athlete_id, date FROM old_rows) t;
  ELSE
    SELECT array_agg(organization_id), array_agg(athlete_id), array_agg(date) INTO orgs, athletes, dates
    FROM (SELECT organization_id, athlete_id, date FROM old_rows
      UNION SELECT organization_id, athlete_id, date FROM new_rows) t;
  END IF;
  IF orgs IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('workload_days:' || a, 0))
  FROM (SELECT DISTINCT unnest(athletes)::text AS a ORDER BY 1) t;
  DELETE FROM workload_days r
  USING unnest(orgs, athletes, dates) AS d(organization_id, athlete_id, date)
  WHERE r.organization_id = d.organization_id AND r.athlete_id = d.athlete_id AND r.date = d.date;
  INSERT INTO workload_days (organization_id, athlete_id, date, throws, workload_sum)
  SELECT s.organization_id, s.athlete_id, s.date, count(*)::int, sum(s.workload::float8)
  FROM unnest(orgs, athletes, dates) AS d(organization_id, athlete_id, date)
  JOIN sensor_throws s ON s.organization_id = d.organization_id AND s.athlete_id = d.athlete_id AND s.date = d.date
  GROUP BY s.organization_id, s.athlete_id, s.date;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "pitches_insert_rollup" AFTER INSERT ON "pitches" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "refresh_throwing_days"();
--> statement-breakpoint
CREATE TRIGGER "pitches_update_rollup" AFTER UPDATE ON "pitches" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "refresh_throwing_days"();
--> statement-breakpoint
CREATE TRIGGER "pitches_delete_rollup" AFTER DELETE ON "pitches" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "refresh_throwing_days"();
--> statement-breakpoint
CREATE TRIGGER "sensor_throws_insert_rollup" AFTER INSERT ON "sensor_throws" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "refresh_workload_days"();
--> statement-breakpoint
CREATE TRIGGER "sensor_throws_update_rollup" AFTER UPDATE ON "sensor_throws" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "refresh_workload_days"();
--> statement-breakpoint
CREATE TRIGGER "sensor_throws_delete_rollup" AFTER DELETE ON "sensor_throws" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "refresh_workload_days"();
--> statement-breakpoint
-- What is there already.
INSERT INTO throwing_days (organization_id, athlete_id, date, pitch_type, pitches, velocity_sum, velocity_top, strikes,
  strikes_known)
SELECT organization_id, athlete_id, date, pitch_type, count(*)::int, sum(velocity_mph::float8), max(velocity_mph),
  (count(*) FILTER (WHERE strike))::int, count(strike)::int
FROM pitches GROUP BY organization_id, athlete_id, date, pitch_type;
--> statement-breakpoint
INSERT INTO workload_days (organization_id, athlete_id, date, throws, workload_sum)
SELECT organization_id, athlete_id, date, count(*)::int, sum(workload::float8)
FROM sensor_throws GROUP BY organization_id, athlete_id, date;
