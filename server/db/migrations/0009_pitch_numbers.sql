-- Issue 22: a pitch number names one pitch of its log, and a sensor throw names its pitch by id.
-- Pitches stored twice under one number (two devices' pitch 1, before this migration) keep the earliest stored
-- under it; the others are numbered after the log's last pitch, in the order they were stored, as the server now
-- numbers a clashing new pitch.
WITH clashing AS (
  SELECT id, log_id, created_at,
    row_number() OVER (PARTITION BY log_id, sequence ORDER BY created_at, id) AS nth
  FROM pitches
), renumbered AS (
  SELECT c.id,
    (SELECT max(sequence) FROM pitches p WHERE p.log_id = c.log_id)
      + row_number() OVER (PARTITION BY c.log_id ORDER BY c.created_at, c.id) AS sequence
  FROM clashing c
  WHERE c.nth > 1
)
UPDATE pitches SET sequence = renumbered.sequence FROM renumbered WHERE pitches.id = renumbered.id;
--> statement-breakpoint
DROP INDEX "pitches_log_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "pitches_log_sequence_key" ON "pitches" USING btree ("log_id","sequence");--> statement-breakpoint
ALTER TABLE "sensor_throws" ADD COLUMN "pitch_id" uuid;--> statement-breakpoint
ALTER TABLE "sensor_throws" ADD CONSTRAINT "sensor_throws_pitch_id_pitches_id_fk" FOREIGN KEY ("pitch_id") REFERENCES "public"."pitches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sensor_throws_pitch_idx" ON "sensor_throws" USING btree ("pitch_id");--> statement-breakpoint
-- The throws already stored get the pitch the screen matched them to until now: the log's pitch of their number
-- (after the renumbering above, at most one).
UPDATE sensor_throws SET pitch_id = p.id
FROM pitches p
WHERE p.log_id = sensor_throws.log_id AND p.sequence = sensor_throws.sequence;
