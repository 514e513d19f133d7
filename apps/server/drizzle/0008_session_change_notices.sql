-- Security-critical: every change that can refuse a session tells the app servers at once.
-- App servers cache a checked session for a short while (decision 0061); a row trigger here, not
-- the code paths that make the change, is the one place that knows a session was revoked or
-- moved, a user deactivated, a role granted, changed or taken away, or an account deactivated,
-- so no path (a future feature, a manual fix in SQL) can forget to say so. NOTIFY is delivered
-- when the transaction commits, to every listening app server. Payload: s:<session id>,
-- u:<user id>, a:<account id>, or * (a platform-wide role changed).
CREATE FUNCTION willow_session_notice() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payload text;
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    -- a session that has expired is refused anyway: pruning them says nothing
    IF TG_OP = 'DELETE' AND OLD.expires_at < now() THEN RETURN NULL; END IF;
    payload := 's:' || OLD.id;
  ELSIF TG_TABLE_NAME = 'users' THEN
    payload := 'u:' || OLD.id;
  ELSIF TG_TABLE_NAME IN ('user_roles', 'user_system_roles') THEN
    IF TG_OP = 'INSERT' THEN payload := 'u:' || NEW.user_id; ELSE payload := 'u:' || OLD.user_id; END IF;
    IF TG_OP = 'UPDATE' AND NEW.user_id <> OLD.user_id THEN PERFORM pg_notify('willow_sessions', 'u:' || NEW.user_id); END IF;
  ELSIF TG_TABLE_NAME = 'roles' THEN
    payload := 'a:' || OLD.account_id;
  ELSIF TG_TABLE_NAME = 'accounts' THEN
    payload := 'a:' || OLD.id;
  ELSE
    payload := '*';
  END IF;
  PERFORM pg_notify('willow_sessions', payload);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notice AFTER UPDATE OF revoked_at, working_account_id, expires_at, user_id OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION willow_session_notice();
--> statement-breakpoint
CREATE TRIGGER users_notice AFTER UPDATE OF is_active, account_id OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION willow_session_notice();
--> statement-breakpoint
CREATE TRIGGER user_roles_notice AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION willow_session_notice();
--> statement-breakpoint
CREATE TRIGGER user_system_roles_notice AFTER INSERT OR UPDATE OR DELETE ON user_system_roles
  FOR EACH ROW EXECUTE FUNCTION willow_session_notice();
--> statement-breakpoint
CREATE TRIGGER roles_notice AFTER UPDATE OF permissions, name OR DELETE ON roles
  FOR EACH ROW EXECUTE FUNCTION willow_session_notice();
--> statement-breakpoint
CREATE TRIGGER system_roles_notice AFTER UPDATE OF permissions, name OR DELETE ON system_roles
  FOR EACH ROW EXECUTE FUNCTION willow_session_notice();
--> statement-breakpoint
CREATE TRIGGER accounts_notice AFTER UPDATE OF is_active OR DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION willow_session_notice();
