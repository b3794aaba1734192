-- Every instance keeps the sessions it has read for a short while (marketplace/services/sessions.ts) and
-- forgets a user's when told here: a session revoked, deleted or its times changed, or a user's type, admin
-- flag, language or deletion changed, by any code path or instance. The payload is the user's id.
CREATE FUNCTION stuga_notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('stuga_sessions', to_jsonb(OLD) ->> TG_ARGV[0]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER UPDATE OF revoked_at, created_at, last_used_at OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION stuga_notify_session_change('user_id');--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE OF type, admin, language, deleted_at OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION stuga_notify_session_change('id');
