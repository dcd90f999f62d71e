-- Live events become visible in id order (ADR 054): each insert into the outbox takes the writers' lock before it
-- draws an id, and signals the listening processes, in the statement itself (ADR 086). A writer then holds the lock
-- for its insert and its commit only, not for three more round trips from the server.
CREATE FUNCTION "live_events_take_turn"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Fired before the statement draws any id; held until the transaction ends.
  PERFORM pg_advisory_xact_lock(7300413);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "live_events_take_turn" BEFORE INSERT ON "live_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_events_take_turn"();
--> statement-breakpoint
CREATE FUNCTION "live_events_signal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Delivered on commit, and not at all when the transaction rolls back; readers read the outbox.
  PERFORM pg_notify('connect_live_events', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "live_events_signal" AFTER INSERT ON "live_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_events_signal"();
