-- Issue 23 (ADR 048): a 1RM is estimated and recorded only for a loaded strength exercise (contract/strength.ts
-- takesOneRm: a lift that takes load and reps, not velocity or pitch count; the same rule is written out below).
-- The estimates, 1RM records (their activities go with them) and estimated maxes already stored for other
-- exercises go.
UPDATE "logged_sets" SET "estimated_one_rm" = NULL, "estimated_one_rm_kg" = NULL
  WHERE "estimated_one_rm" IS NOT NULL AND "exercise_id" IN (SELECT "id" FROM "exercises" WHERE NOT ('load' = ANY("measures") AND 'reps' = ANY("measures")
    AND NOT 'velocity' = ANY("measures") AND NOT 'pitchCount' = ANY("measures")
    AND "category" = 'lift'));
--> statement-breakpoint
DELETE FROM "personal_records"
  WHERE "kind" = 'estimated_one_rm' AND "exercise_id" IN (SELECT "id" FROM "exercises" WHERE NOT ('load' = ANY("measures") AND 'reps' = ANY("measures")
    AND NOT 'velocity' = ANY("measures") AND NOT 'pitchCount' = ANY("measures")
    AND "category" = 'lift'));
--> statement-breakpoint
DELETE FROM "athlete_maxes"
  WHERE "source" = 'estimated' AND "exercise_id" IN (SELECT "id" FROM "exercises" WHERE NOT ('load' = ANY("measures") AND 'reps' = ANY("measures")
    AND NOT 'velocity' = ANY("measures") AND NOT 'pitchCount' = ANY("measures")
    AND "category" = 'lift'));
