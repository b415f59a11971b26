CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain" varchar(64) NOT NULL,
	"seq" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_kind" varchar(8) NOT NULL,
	"actor_id" integer,
	"actor_name" varchar(64),
	"action" varchar(64) NOT NULL,
	"subject" varchar(200) NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"prev_hash" varchar(64) NOT NULL,
	"hash" varchar(64) NOT NULL,
	CONSTRAINT "audit_log_chain_seq_unique" UNIQUE("chain","seq"),
	CONSTRAINT "audit_log_actor_kind" CHECK ("audit_log"."actor_kind" in ('user', 'staff', 'system', 'command')),
	CONSTRAINT "audit_log_actor" CHECK (("audit_log"."actor_kind" in ('user', 'staff')) = ("audit_log"."actor_id" is not null) and ("audit_log"."actor_kind" in ('system', 'command')) = ("audit_log"."actor_name" is not null))
);

--> statement-breakpoint
-- The audit trail's canonical serialization of a row: PostgreSQL's jsonb text of an array of its fields (jsonb's text
-- form is canonical: keys sorted, one spacing), the time in UTC to the microsecond. `npm run audit:verify` hashes the
-- same text (src/server/audit/audit-log.ts CANONICAL_ROW) with its own sha256.
CREATE FUNCTION audit_log_canonical(
  chain text, seq bigint, at timestamptz, actor_kind text, actor_id integer, actor_name text, action text,
  subject text, before jsonb, after jsonb, prev_hash text
) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(chain, seq, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), actor_kind,
    actor_id, actor_name, action, subject, before, after, prev_hash)::text
$$;
--> statement-breakpoint
-- Appends one row to `p_chain`, in the caller's transaction. The advisory lock on the chain's key makes two
-- transactions of one chain append in turn (held to their end); the SELECT after it takes a fresh snapshot (READ
-- COMMITTED), so it reads the head the other one committed. (chain, seq) is unique: a fork fails, never forks.
CREATE FUNCTION audit_append(
  p_chain text, p_actor_kind text, p_actor_id integer, p_actor_name text, p_action text, p_subject text,
  p_before jsonb, p_after jsonb
) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  head record;
  v_seq bigint;
  v_prev text;
  v_at timestamptz := clock_timestamp();
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('audit_log:' || p_chain, 0));
  SELECT a.seq, a.hash INTO head FROM audit_log a WHERE a.chain = p_chain ORDER BY a.seq DESC LIMIT 1;
  v_seq := coalesce(head.seq, 0) + 1;
  v_prev := coalesce(head.hash, repeat('0', 64));
  INSERT INTO audit_log (chain, seq, at, actor_kind, actor_id, actor_name, action, subject, before, after, prev_hash, hash)
  VALUES (p_chain, v_seq, v_at, p_actor_kind, p_actor_id, p_actor_name, p_action, p_subject, p_before, p_after, v_prev,
    encode(sha256(convert_to(audit_log_canonical(p_chain, v_seq, v_at, p_actor_kind, p_actor_id, p_actor_name,
      p_action, p_subject, p_before, p_after, v_prev), 'UTF8')), 'hex'));
END
$$;
--> statement-breakpoint
-- Append-only for every role, the table's owner included: only disabling these triggers (ALTER TABLE, which
-- PostgreSQL's log records) gets round them, and `npm run audit:verify` finds what was changed meanwhile.
-- ENABLE ALWAYS: they fire under session_replication_role = replica too.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'WA001';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
ALTER TABLE audit_log ENABLE ALWAYS TRIGGER audit_log_no_update_or_delete;
--> statement-breakpoint
ALTER TABLE audit_log ENABLE ALWAYS TRIGGER audit_log_no_truncate;
