import { sql } from 'drizzle-orm';
import type { MonitoringRule } from '../../contract/ops';
import {
  DEFAULT_PARAMETERS,
  MONITORING_RULES,
  isMonitoringRuleName,
  parametersOf,
  type MonitoringRuleName,
} from '../../domain/monitoring';
import { appendAudit } from '../audit/audit-log';
import type { Db, Queryable } from '../db/client';
import { queryRows } from '../db/sql';

/*
 * The monitoring rules as data (monitoring_rules: one row per version of a rule, the latest that took effect in
 * force). The ledger reads them in SQL under the wallet lock (rules.ts); the console reads and changes them here.
 */

interface RuleRow {
  name: string;
  enabled: boolean;
  parameters: unknown;
  effective_from: Date | string;
  staff_id: number | null;
}

const parsed = (value: unknown): Record<string, number> =>
  (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, number>;

/** Every rule in force, in the order of domain MONITORING_RULES (a rule with no row: its default, enabled). */
export const rulesInForce = async (db: Queryable): Promise<MonitoringRule[]> => {
  const rows = await queryRows<RuleRow>(
    db,
    sql`select distinct on (name) name, enabled, parameters, effective_from, staff_id from monitoring_rules
        where effective_from <= now() order by name, effective_from desc, id desc`,
  );
  const byName = new Map(rows.map((row) => [row.name, row]));
  return MONITORING_RULES.map((name) => {
    const row = byName.get(name);
    return {
      name,
      enabled: row?.enabled ?? true,
      parameters: row ? parsed(row.parameters) : { ...DEFAULT_PARAMETERS[name] },
      updatedAt: new Date(row?.effective_from ?? 0).toISOString(),
      updatedBy: row?.staff_id ?? null,
    };
  });
};

export interface RuleChange {
  name: string;
  enabled: boolean;
  parameters: Record<string, number>;
}

/** A change the table refuses: an unknown rule, or parameters missing, unknown or out of range. */
export interface RuleChangeProblem {
  name: string;
  wrong: string[];
}

/** The changes' problems (none: they can be saved). */
export const ruleChangeProblems = (changes: readonly RuleChange[]): RuleChangeProblem[] =>
  changes.flatMap((change): RuleChangeProblem[] => {
    if (!isMonitoringRuleName(change.name)) return [{ name: change.name, wrong: ['name'] }];
    const checked = parametersOf(change.name, change.parameters);
    return checked.ok ? [] : [{ name: change.name, wrong: checked.wrong }];
  });

/**
 * Saves the changes of a compliance officer as new versions effective now, each rule that changed with a
 * 'monitoring.rule.changed' row (before, after, reason) in the system chain, in one transaction. Rules sent as they
 * are stay as they are. Returns the rules in force afterwards.
 */
export const changeRules = (
  db: Db,
  staffId: number,
  changes: readonly RuleChange[],
  reason: string,
): Promise<MonitoringRule[]> =>
  db.transaction(async (tx) => {
    // One change at a time: two officers' saves are written one after the other, each against what is in force.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('monitoring_rules'))`);
    const current = new Map((await rulesInForce(tx)).map((rule) => [rule.name, rule]));
    for (const change of changes) {
      const name = change.name as MonitoringRuleName;
      const before = current.get(name);
      if (
        before &&
        before.enabled === change.enabled &&
        JSON.stringify(sortedKeys(before.parameters)) === JSON.stringify(sortedKeys(change.parameters))
      )
        continue;
      await tx.execute(
        sql`insert into monitoring_rules (name, enabled, parameters, effective_from, source, staff_id)
            values (${name}, ${change.enabled}, ${JSON.stringify(change.parameters)}::jsonb, now(),
                    ${`changed by staff ${staffId}: ${reason}`}, ${staffId}::int)`,
      );
      await appendAudit(tx, {
        actor: { kind: 'staff', id: staffId },
        action: 'monitoring.rule.changed',
        subject: `monitoringRule:${name}`,
        before: before ? { enabled: before.enabled, parameters: before.parameters } : null,
        after: { enabled: change.enabled, parameters: change.parameters, reason },
      });
    }
    return rulesInForce(tx);
  });

const sortedKeys = (record: Record<string, number>) =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
