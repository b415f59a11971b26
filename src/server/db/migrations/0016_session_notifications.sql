-- Every change that can end a session (revoked, expiry moved, activity moved back, row deleted) tells every API
-- host's session cache, in the committing transaction: NOTIFY is delivered at commit, in commit order. A trigger,
-- not the application's statements, so no path (logout, password reset, an operator's SQL) can forget it.
CREATE OR REPLACE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('session_events', 'session:' || OLD.user_id || ':' || OLD.id);
    RETURN OLD;
  END IF;
  IF NEW.revoked_at IS DISTINCT FROM OLD.revoked_at
     OR NEW.expires_at IS DISTINCT FROM OLD.expires_at
     OR NEW.last_seen_at < OLD.last_seen_at
     OR NEW.user_id <> OLD.user_id
     OR NEW.token_hash <> OLD.token_hash THEN
    PERFORM pg_notify('session_events', 'session:' || OLD.user_id || ':' || OLD.id);
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
