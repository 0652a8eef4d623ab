-- Issue 17: API nodes keep resolved sessions in memory; every committed change that can alter who a
-- session is or what it may do announces itself on the channel tradelane_auth, and every node empties
-- its cache (src/access/session-cache.ts). NOTIFY is delivered at commit, never for a rolled-back change.
CREATE OR REPLACE FUNCTION tradelane_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tradelane_auth', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sys_session_auth AFTER UPDATE OF revoked OR DELETE OR TRUNCATE ON sys_session
  FOR EACH STATEMENT EXECUTE FUNCTION tradelane_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_user_auth AFTER UPDATE OF enabled, tenant_id, dept_id, role_type, username OR DELETE OR TRUNCATE ON sys_user
  FOR EACH STATEMENT EXECUTE FUNCTION tradelane_auth_changed();
--> statement-breakpoint
CREATE TRIGGER enterprise_info_auth AFTER UPDATE OF active OR DELETE OR TRUNCATE ON enterprise_info
  FOR EACH STATEMENT EXECUTE FUNCTION tradelane_auth_changed();
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['sys_role', 'sys_users_roles', 'sys_menu', 'sys_roles_menus', 'sys_roles_depts',
    'sys_dept', 'function_permission', 'sys_roles_function'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION tradelane_auth_changed()', t || '_auth', t);
  END LOOP;
END $$;
