CREATE TABLE "questionnaire_answer_items" (
	"answer_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"questionnaire_id" uuid NOT NULL,
	"athlete_id" uuid NOT NULL,
	"date" date NOT NULL,
	"item_id" text NOT NULL,
	"value" double precision NOT NULL,
	"base_count" integer NOT NULL,
	"base_mean" double precision,
	"base_sd" double precision,
	CONSTRAINT "questionnaire_answer_items_answer_id_item_id_pk" PRIMARY KEY("answer_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "questionnaire_answer_items" ADD CONSTRAINT "questionnaire_answer_items_answer_id_questionnaire_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."questionnaire_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_answer_items" ADD CONSTRAINT "questionnaire_answer_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questionnaire_answer_items_trend_idx" ON "questionnaire_answer_items" USING btree ("questionnaire_id","athlete_id","date");--> statement-breakpoint
-- The items follow `questionnaire_answers` on every write path (a save, the seeds, refreshAllBaselines, the test
-- fixtures): one statement trigger per event rebuilds the items of the rows it wrote, from its transition table.
-- A delete cascades. docs/decisions/072-answer-items.md
CREATE FUNCTION "refresh_questionnaire_answer_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM questionnaire_answer_items i USING old_rows o WHERE i.answer_id = o.id;
  END IF;
  INSERT INTO questionnaire_answer_items (answer_id, organization_id, questionnaire_id, athlete_id, date, item_id,
    value, base_count, base_mean, base_sd)
  SELECT a.id, a.organization_id, a.questionnaire_id, a.athlete_id, a.date, n.key, n.value,
    coalesce((a.baselines -> n.key ->> 0)::int, 0), (a.baselines -> n.key ->> 1)::float8,
    (a.baselines -> n.key ->> 2)::float8
  FROM new_rows a CROSS JOIN LATERAL (
    SELECT item.key, item.value::float8 AS value FROM jsonb_each(a.values) item WHERE jsonb_typeof(item.value) = 'number'
    -- A real's text, as the driver reads it for the JavaScript side: the same double either way.
    UNION ALL SELECT 'total', a.total::text::float8 WHERE a.total IS NOT NULL
  ) n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "questionnaire_answers_insert_items" AFTER INSERT ON "questionnaire_answers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "refresh_questionnaire_answer_items"();
--> statement-breakpoint
CREATE TRIGGER "questionnaire_answers_update_items" AFTER UPDATE ON "questionnaire_answers"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "refresh_questionnaire_answer_items"();
--> statement-breakpoint
-- The answers stored before this migration get their items: an update of nothing fires the trigger for every row.
UPDATE questionnaire_answers SET values = values;
