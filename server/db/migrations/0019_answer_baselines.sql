ALTER TABLE "questionnaire_answers" ADD COLUMN "baselines" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The answers stored before this migration get their baselines (ADR 071; server/lib/questionnaires/baselines.ts).
WITH item_values AS (
  SELECT a.id, a.questionnaire_id, a.athlete_id, a.date, item.key, item.value::numeric AS value
  FROM questionnaire_answers a CROSS JOIN LATERAL jsonb_each(a.values) item
  WHERE jsonb_typeof(item.value) = 'number'
  UNION ALL
  SELECT a.id, a.questionnaire_id, a.athlete_id, a.date, 'total', a.total::numeric
  FROM questionnaire_answers a WHERE a.total IS NOT NULL
), windows AS (
  SELECT id, key, count(value) OVER w AS count, avg(value) OVER w AS mean, stddev_samp(value) OVER w AS sd
  FROM item_values
  WINDOW w AS (PARTITION BY questionnaire_id, athlete_id, key ORDER BY date
    RANGE BETWEEN '28 days' PRECEDING AND '1 day' PRECEDING)
), baselines AS (
  SELECT id, coalesce(jsonb_object_agg(key, jsonb_build_array(count, round(mean, 6)::float8,
    round(coalesce(sd, 0), 6)::float8)) FILTER (WHERE count > 0), '{}'::jsonb) AS baselines
  FROM windows GROUP BY id
)
UPDATE questionnaire_answers a SET baselines = b.baselines FROM baselines b WHERE a.id = b.id;
