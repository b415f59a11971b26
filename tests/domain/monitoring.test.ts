import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PARAMETERS,
  largeAmountRule,
  monitoringHits,
  newBeneficiaryRule,
  parametersOf,
  structuringRule,
  velocityRule,
  type MoveOut,
  type MoveUnderCheck,
} from '../../src/domain/monitoring';

/*
 * The monitoring rules' arithmetic (issue 25): each rule hits exactly when its threshold is passed, for any
 * threshold; the issue's defaults on its own examples; ordinary use (a few payments an hour, old beneficiaries,
 * amounts well under the limit) never hits. The server's SQL is held to the same answers by
 * tests/server/monitoring.test.ts.
 */

const NOW = new Date('2026-11-27T12:00:00Z');
const MINUTE = 60_000;
/** Minimum's daily limit, GH₵ 3,000 (migration 0018). */
const DAILY = 300_000;

const move = (overrides: Partial<MoveUnderCheck> = {}): MoveUnderCheck => ({
  amountMinor: 10_000,
  at: NOW,
  dailyLimitMinor: DAILY,
  earlier: [],
  beneficiary: null,
  ...overrides,
});

const minutesAgo = (minutes: number, amountMinor = 1_000): MoveOut => ({
  amountMinor,
  at: new Date(NOW.getTime() - minutes * MINUTE),
});

describe('velocity', () => {
  it('hits exactly when this move is the (count + 1)-th within the window', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 120 }),
        fc.array(fc.integer({ min: 0, max: 240 }), { maxLength: 40 }),
        (count, minutes, ages) => {
          const earlier = ages.map((age) => minutesAgo(age));
          const within = ages.filter((age) => age < minutes).length;
          const hit = velocityRule({ count, minutes }, move({ earlier }));
          expect(hit !== null).toBe(within + 1 > count);
          if (hit) expect(hit).toEqual({ rule: 'velocity', count: within + 1, minutes });
        },
      ),
    );
  });

  it('the default: the 21st move out within 10 minutes is held, the 20th is not', () => {
    const burst = (n: number) => Array.from({ length: n }, (_, i) => minutesAgo(i * 0.4));
    expect(velocityRule(DEFAULT_PARAMETERS.velocity, move({ earlier: burst(19) }))).toBeNull();
    expect(velocityRule(DEFAULT_PARAMETERS.velocity, move({ earlier: burst(20) }))).toMatchObject({
      count: 21,
    });
  });
});

describe('new beneficiary', () => {
  it('hits exactly on a first payment above the amount to a beneficiary younger than the minutes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 600 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 0, max: 1_200 }),
        fc.boolean(),
        (threshold, minutes, amountMinor, ageMinutes, paidBefore) => {
          const beneficiary = { addedAt: new Date(NOW.getTime() - ageMinutes * MINUTE), paidBefore };
          const hit = newBeneficiaryRule(
            { amountMinor: threshold, minutes },
            move({ amountMinor, beneficiary }),
          );
          expect(hit !== null).toBe(!paidBefore && amountMinor > threshold && ageMinutes < minutes);
        },
      ),
    );
  });

  it('the default: GH₵ 2,000.01 to a beneficiary added 59 minutes ago is held; GH₵ 2,000, or 60 minutes, is not', () => {
    const added = (minutes: number) => ({
      addedAt: new Date(NOW.getTime() - minutes * MINUTE),
      paidBefore: false,
    });
    const rule = DEFAULT_PARAMETERS.newBeneficiary;
    expect(newBeneficiaryRule(rule, move({ amountMinor: 200_001, beneficiary: added(59) }))).toMatchObject({
      rule: 'newBeneficiary',
      addedMinutesAgo: 59,
    });
    expect(newBeneficiaryRule(rule, move({ amountMinor: 200_000, beneficiary: added(59) }))).toBeNull();
    expect(newBeneficiaryRule(rule, move({ amountMinor: 200_001, beneficiary: added(60) }))).toBeNull();
    expect(newBeneficiaryRule(rule, move({ amountMinor: 900_000, beneficiary: null }))).toBeNull();
  });
});

describe('structuring', () => {
  it('hits exactly on the count-th payment of the day (or later) that takes the day within percent under the limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.integer({ min: 1, max: 150_000 }), { maxLength: 6 }),
        fc.integer({ min: 1, max: 150_000 }),
        (count, percent, today, amountMinor) => {
          // Today's payments (this morning) and one of yesterday, which never counts.
          const earlier = [
            ...today.map((amount, i) => ({
              amountMinor: amount,
              at: new Date(NOW.getTime() - (i + 1) * MINUTE),
            })),
            { amountMinor: 250_000, at: new Date('2026-11-26T23:00:00Z') },
          ];
          const total = today.reduce((sum, amount) => sum + amount, amountMinor);
          const hit = structuringRule({ count, percent }, move({ amountMinor, earlier }));
          expect(hit !== null).toBe(today.length + 1 >= count && total * 100 >= DAILY * (100 - percent));
        },
      ),
    );
  });

  it('the default on Minimum (GH₵ 3,000): 1,000 + 900 + 960 is held (95.3%), 1,000 + 900 + 900 is not (93.3%)', () => {
    const earlier = [minutesAgo(30, 100_000), minutesAgo(20, 90_000)];
    expect(
      structuringRule(DEFAULT_PARAMETERS.structuring, move({ amountMinor: 96_000, earlier })),
    ).toMatchObject({
      count: 3,
      dayTotalMinor: 286_000,
    });
    expect(
      structuringRule(DEFAULT_PARAMETERS.structuring, move({ amountMinor: 90_000, earlier })),
    ).toBeNull();
    // Two payments reaching the limit are not structuring (the third is).
    expect(
      structuringRule(
        DEFAULT_PARAMETERS.structuring,
        move({ amountMinor: 200_000, earlier: [earlier[0] as MoveOut] }),
      ),
    ).toBeNull();
  });
});

describe('large amount', () => {
  it('hits exactly above percent of the daily limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 100, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (percent, dailyLimitMinor, amountMinor) => {
          const hit = largeAmountRule({ percent }, move({ amountMinor, dailyLimitMinor }));
          expect(hit !== null).toBe(amountMinor * 100 > dailyLimitMinor * percent);
        },
      ),
    );
  });

  it('the default on Minimum: GH₵ 2,400.01 is held, GH₵ 2,400 is not', () => {
    expect(largeAmountRule(DEFAULT_PARAMETERS.largeAmount, move({ amountMinor: 240_001 }))).not.toBeNull();
    expect(largeAmountRule(DEFAULT_PARAMETERS.largeAmount, move({ amountMinor: 240_000 }))).toBeNull();
  });
});

describe('ordinary use and the rules in force', () => {
  it('a few payments an hour, old beneficiaries, amounts under half the limit: never held by the defaults', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 100, max: 40_000 }), { maxLength: 4 }),
        fc.integer({ min: 100, max: 100_000 }),
        fc.integer({ min: 61, max: 100_000 }),
        (hour, amountMinor, beneficiaryAge) => {
          const earlier = hour.map((amount, i) => minutesAgo(10 + i * 12, amount));
          const hits = monitoringHits(
            DEFAULT_PARAMETERS,
            move({
              amountMinor,
              earlier,
              beneficiary: { addedAt: new Date(NOW.getTime() - beneficiaryAge * MINUTE), paidBefore: false },
            }),
          );
          expect(hits).toEqual([]);
        },
      ),
    );
  });

  it('a disabled rule (absent) never hits; the hits come in the rules’ order', () => {
    const earlier = Array.from({ length: 25 }, () => minutesAgo(1, 1_000));
    const heavy = move({ amountMinor: 290_000, earlier: earlier.slice(0, 2) });
    expect(monitoringHits({ largeAmount: { percent: 80 } }, heavy).map((hit) => hit.rule)).toEqual([
      'largeAmount',
    ]);
    expect(monitoringHits({}, heavy)).toEqual([]);
    expect(
      monitoringHits(DEFAULT_PARAMETERS, move({ amountMinor: 290_000, earlier })).map((hit) => hit.rule),
    ).toEqual(['velocity', 'structuring', 'largeAmount']);
  });

  it("a rule's parameters are checked against its ranges: missing, unknown and out of range named", () => {
    expect(parametersOf('velocity', { count: 20, minutes: 10 })).toEqual({
      ok: true,
      parameters: { count: 20, minutes: 10 },
    });
    expect(parametersOf('velocity', { count: 0, minutes: 10, extra: 1 })).toEqual({
      ok: false,
      wrong: ['extra', 'count'],
    });
    expect(parametersOf('largeAmount', {})).toEqual({ ok: false, wrong: ['percent'] });
    expect(parametersOf('partnerLinkPayer', {})).toEqual({ ok: true, parameters: {} });
  });
});
