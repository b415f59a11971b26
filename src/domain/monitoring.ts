/**
 * Real-time transaction monitoring (issue 25, docs/compliance.md "Monitoring"): the rules, their parameters and
 * the arithmetic of each, as pure functions. The figures are data (the server's monitoring_rules table, by
 * effective date; compliance edits them); the server evaluates the same rules in SQL under the wallet lock, in
 * the transaction of the money move (src/server/monitoring/rules.ts), and the tests hold the two to the same answers.
 *
 * What counts: money moves out of the wallet that went through or are held (pending, under review or successful),
 * never a refused attempt (a refusal creates no operation) nor a failed one.
 */
import type { MinorUnits } from './minor-units';

export const MONITORING_RULES = [
  'velocity',
  'newBeneficiary',
  'structuring',
  'largeAmount',
  'partnerLinkPayer',
] as const;
export type MonitoringRuleName = (typeof MONITORING_RULES)[number];

export const isMonitoringRuleName = (value: string): value is MonitoringRuleName =>
  (MONITORING_RULES as readonly string[]).includes(value);

/** Each rule's parameters (amounts in pesewas, times in minutes, shares in whole percent). */
export interface MonitoringParameters {
  /** More than `count` money moves out within `minutes`. */
  velocity: { count: number; minutes: number };
  /** A first payment above `amountMinor` to a beneficiary added less than `minutes` ago. */
  newBeneficiary: { amountMinor: number; minutes: number };
  /** The `count`-th payment of a day (or later) that brings the day's total within `percent` under the daily limit. */
  structuring: { count: number; percent: number };
  /** One payment above `percent` of the tier's daily limit. */
  largeAmount: { percent: number };
  /** A partner's payment link paid from another account (refused already; recorded). */
  partnerLinkPayer: Record<string, never>;
}

/** The whole-number range each parameter may take (the console's form and the server's check). */
export const PARAMETER_RANGES: {
  [R in MonitoringRuleName]: { [P in keyof MonitoringParameters[R]]: { min: number; max: number } };
} = {
  velocity: { count: { min: 1, max: 1000 }, minutes: { min: 1, max: 1440 } },
  newBeneficiary: { amountMinor: { min: 1, max: 100_000_000 }, minutes: { min: 1, max: 10_080 } },
  structuring: { count: { min: 2, max: 50 }, percent: { min: 1, max: 50 } },
  largeAmount: { percent: { min: 1, max: 100 } },
  partnerLinkPayer: {},
};

/** The defaults (also the first rows of the table: migration 0023_monitoring). */
export const DEFAULT_PARAMETERS: MonitoringParameters = {
  velocity: { count: 20, minutes: 10 },
  newBeneficiary: { amountMinor: 200_000, minutes: 60 },
  structuring: { count: 3, percent: 5 },
  largeAmount: { percent: 80 },
  partnerLinkPayer: {},
};

/**
 * A rule's parameters as sent (a record of numbers) checked against its ranges: the typed parameters, or the
 * names of the parameters missing, unknown or out of range.
 */
export const parametersOf = <R extends MonitoringRuleName>(
  rule: R,
  sent: Readonly<Record<string, number>>,
): { ok: true; parameters: MonitoringParameters[R] } | { ok: false; wrong: string[] } => {
  const ranges = PARAMETER_RANGES[rule] as Record<string, { min: number; max: number }>;
  const wrong = [
    ...Object.keys(sent).filter((name) => !Object.hasOwn(ranges, name)),
    ...Object.entries(ranges)
      .filter(([name, { min, max }]) => {
        const value = sent[name];
        return value === undefined || !Number.isSafeInteger(value) || value < min || value > max;
      })
      .map(([name]) => name),
  ];
  if (wrong.length > 0) return { ok: false, wrong };
  return { ok: true, parameters: { ...sent } as MonitoringParameters[R] };
};

/** A money move out that went through or is held, as the rules count it. */
export interface MoveOut {
  amountMinor: MinorUnits;
  at: Date;
}

/** The money move a rule looks at, and what it is compared with. */
export interface MoveUnderCheck {
  amountMinor: MinorUnits;
  at: Date;
  /** The daily limit of the payer's tier in force. */
  dailyLimitMinor: MinorUnits;
  /** The payer's earlier money moves out that went through or are held. */
  earlier: readonly MoveOut[];
  /** The beneficiary paid (a transfer to a saved beneficiary), or null. */
  beneficiary: { addedAt: Date; paidBefore: boolean } | null;
}

/** A rule that hit, with the figures that made it hit. */
export type MonitoringHit =
  | { rule: 'velocity'; count: number; minutes: number }
  | { rule: 'newBeneficiary'; amountMinor: number; addedMinutesAgo: number }
  | { rule: 'structuring'; count: number; dayTotalMinor: number; dailyLimitMinor: number }
  | { rule: 'largeAmount'; amountMinor: number; dailyLimitMinor: number };

const MINUTE_MS = 60_000;

/** The UTC day of an instant (Ghana keeps GMT all year, as the tier limits count days). */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** More than `count` money moves out within `minutes`: this one is the (count + 1)-th or later. */
export const velocityRule = (
  { count, minutes }: MonitoringParameters['velocity'],
  move: MoveUnderCheck,
): MonitoringHit | null => {
  const within = move.earlier.filter(
    (earlier) => move.at.getTime() - earlier.at.getTime() < minutes * MINUTE_MS,
  ).length;
  return within + 1 > count ? { rule: 'velocity', count: within + 1, minutes } : null;
};

/** The first payment to a beneficiary added less than `minutes` ago, above `amountMinor`. */
export const newBeneficiaryRule = (
  { amountMinor, minutes }: MonitoringParameters['newBeneficiary'],
  move: MoveUnderCheck,
): MonitoringHit | null => {
  const { beneficiary } = move;
  if (!beneficiary || beneficiary.paidBefore || move.amountMinor <= amountMinor) return null;
  const age = move.at.getTime() - beneficiary.addedAt.getTime();
  return age < minutes * MINUTE_MS
    ? { rule: 'newBeneficiary', amountMinor: move.amountMinor, addedMinutesAgo: Math.floor(age / MINUTE_MS) }
    : null;
};

/**
 * Several payments just under the daily limit: this one is at least the `count`-th of its day and brings the
 * day's total to within `percent` under the tier's daily limit (the total itself is never above it: the limit
 * refuses that first).
 */
export const structuringRule = (
  { count, percent }: MonitoringParameters['structuring'],
  move: MoveUnderCheck,
): MonitoringHit | null => {
  const today = move.earlier.filter((earlier) => dayOf(earlier.at) === dayOf(move.at));
  const dayTotalMinor = today.reduce((sum, earlier) => sum + earlier.amountMinor, move.amountMinor);
  const n = today.length + 1;
  return n >= count && dayTotalMinor * 100 >= move.dailyLimitMinor * (100 - percent)
    ? { rule: 'structuring', count: n, dayTotalMinor, dailyLimitMinor: move.dailyLimitMinor }
    : null;
};

/** One payment above `percent` of the tier's daily limit. */
export const largeAmountRule = (
  { percent }: MonitoringParameters['largeAmount'],
  move: MoveUnderCheck,
): MonitoringHit | null =>
  move.amountMinor * 100 > move.dailyLimitMinor * percent
    ? { rule: 'largeAmount', amountMinor: move.amountMinor, dailyLimitMinor: move.dailyLimitMinor }
    : null;

/** The rules in force (a disabled rule is absent). */
export type RulesInForce = Partial<Omit<MonitoringParameters, 'partnerLinkPayer'>>;

/** Every rule that hits a money move, in the order of MONITORING_RULES. */
export const monitoringHits = (rules: RulesInForce, move: MoveUnderCheck): MonitoringHit[] =>
  [
    rules.velocity && velocityRule(rules.velocity, move),
    rules.newBeneficiary && newBeneficiaryRule(rules.newBeneficiary, move),
    rules.structuring && structuringRule(rules.structuring, move),
    rules.largeAmount && largeAmountRule(rules.largeAmount, move),
  ].filter((hit): hit is MonitoringHit => Boolean(hit));
