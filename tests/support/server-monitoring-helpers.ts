import { sql } from 'drizzle-orm';
import {
  MONITORING_RULES,
  type MonitoringParameters,
  type MonitoringRuleName,
} from '../../src/domain/monitoring';
import type { Queryable } from '../../src/server/db/client';

/*
 * The monitoring rules are data (monitoring_rules, the latest version in force): a test sets a rule, or turns them
 * all off, by adding a version effective now, as a compliance officer's change does.
 */

/** A new version of `name`, in force from now. */
export const setMonitoringRule = async <R extends MonitoringRuleName>(
  db: Queryable,
  name: R,
  enabled: boolean,
  parameters: MonitoringParameters[R],
): Promise<void> => {
  await db.execute(
    sql`insert into monitoring_rules (name, enabled, parameters, effective_from, source)
        values (${name}, ${enabled}, ${JSON.stringify(parameters)}::jsonb, clock_timestamp(), 'test')`,
  );
};

/**
 * Every rule off: for tests of something else that make, on purpose, what the rules hold (bursts of payments, the
 * limits' edges); the rules have their own tests (tests/server/monitoring.test.ts).
 */
export const monitoringOff = async (db: Queryable): Promise<void> => {
  await db.execute(
    sql`insert into monitoring_rules (name, enabled, parameters, effective_from, source)
        select name, false, '{}'::jsonb, clock_timestamp(), 'test: monitoring off'
        from unnest(${`{${MONITORING_RULES.join(',')}}`}::text[]) as name`,
  );
};
