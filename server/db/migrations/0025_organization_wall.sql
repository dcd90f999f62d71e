-- The database's own wall between organisations (issue 30, ADR 087). TenantScope runs every statement in a
-- transaction that takes the role connect_tenant and names its organisation in connect.organization_id; the role
-- sees and writes only that organisation's rows of every table that has an organization_id, and no other table.
-- The owner (migrations, sign-in, sessions, the live-events hub) is not held by the policies.
DO $$
BEGIN
  -- The role belongs to the cluster: an operator, or another database of it, may have made it already.
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'connect_tenant') THEN
    CREATE ROLE connect_tenant NOLOGIN NOBYPASSRLS;
  END IF;
EXCEPTION
  -- Two databases of one cluster migrating at once (a test run's).
  WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  -- A superuser may take any role; any other owner must be a member of this one to take it (its maker, on
  -- PostgreSQL 16 and later, holds it only to administer it).
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
    AND NOT pg_has_role(current_user, 'connect_tenant', 'USAGE') THEN
    EXECUTE format('GRANT connect_tenant TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO connect_tenant;
--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO connect_tenant;
--> statement-breakpoint
DO $$
DECLARE
  walled record;
BEGIN
  FOR walled IN
    SELECT table_name FROM information_schema.columns
    WHERE table_schema = 'public' AND column_name = 'organization_id'
  LOOP
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO connect_tenant', walled.table_name);
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', walled.table_name);
    -- Unset, the setting reads as null and the role sees no row at all. In a subquery it is read once per
    -- statement (an init plan), not once per row the statement looks at.
    EXECUTE format(
      'CREATE POLICY organization_wall ON %I TO connect_tenant '
      'USING (organization_id = (SELECT nullif(current_setting(''connect.organization_id'', true), '''')::uuid))',
      walled.table_name
    );
  END LOOP;
END
$$;
