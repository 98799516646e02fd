-- Each instance caches who a session is and what its user sees (src/lib/live-sessions.ts). These
-- triggers tell every instance, through NOTIFY on commit, which cached rows a write made stale:
-- a session, a user (with every session of theirs), or an account (with every session that lists
-- it). Writes from any process count, the admin command's included.
-- Arguments: the payload's kind, and the column that holds its id.
CREATE FUNCTION notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_data jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN row_data := to_jsonb(OLD); ELSE row_data := to_jsonb(NEW); END IF;
  PERFORM pg_notify('auth_change', TG_ARGV[0] || ':' || (row_data ->> TG_ARGV[1]));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A session's last_seen_at moves once a minute per active session and changes nothing cached.
CREATE TRIGGER sessions_auth_change AFTER UPDATE OF user_id, account_id, impersonator_id, expires_at, revoked_at OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change('session', 'id');
--> statement-breakpoint
CREATE TRIGGER users_auth_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change('user', 'id');
--> statement-breakpoint
CREATE TRIGGER accounts_auth_change AFTER UPDATE OR DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change('account', 'id');
--> statement-breakpoint
CREATE TRIGGER account_users_auth_change AFTER INSERT OR UPDATE OR DELETE ON account_users
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change('user', 'user_id');
