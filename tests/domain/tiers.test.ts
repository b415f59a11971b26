import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ghanaDay,
  incomingRefusal,
  isAbove,
  limitedTierOf,
  limitsInForce,
  nextTierOf,
  outgoingRefusal,
  usedAt,
  type DatedTierLimits,
  type OutgoingPayment,
  type TierLimits,
} from '../../src/domain/tiers';
import { proves } from '../support/requirements';

/** The Bank of Ghana rows of 1 March 2024 (migration 0018), in pesewas. */
const MINIMUM: TierLimits = { dailyMinor: 300_000, monthlyMinor: 1_000_000, balanceMinor: 500_000 };
const MEDIUM: TierLimits = { dailyMinor: 1_500_000, monthlyMinor: null, balanceMinor: 4_000_000 };

const at = (iso: string) => new Date(iso);

describe('the counting rule', () => {
  it(
    proves(
      ['C.limit.1', 'C.tier.1'],
      'Minimum: GH₵ 2,000 out, then GH₵ 1,100 more the same day passes the daily limit with GH₵ 1,000 left',
    ),
    () => {
      const payments: OutgoingPayment[] = [
        { amountMinor: 200_000, at: at('2026-11-27T08:00:00Z'), released: false },
      ];
      const used = usedAt(payments, at('2026-11-27T15:00:00Z'));
      expect(outgoingRefusal(MINIMUM, used, 110_000)).toEqual({
        messageId: 'limit.daily',
        limitMinor: 300_000,
        leftMinor: 100_000,
      });
      expect(outgoingRefusal(MINIMUM, used, 100_000)).toBeNull();
      expect(outgoingRefusal(MEDIUM, used, 110_000)).toBeNull();
    },
  );

  it(
    proves(
      'C.limit.3',
      'the day is Ghana’s (GMT): 23:59:59.999 belongs to its day, midnight UTC starts the next',
    ),
    () => {
      const payments: OutgoingPayment[] = [
        { amountMinor: 300_000, at: at('2026-11-27T23:59:59.999Z'), released: false },
      ];
      expect(usedAt(payments, at('2026-11-27T23:59:59.999Z')).dayMinor).toBe(300_000);
      expect(usedAt(payments, at('2026-11-28T00:00:00.000Z'))).toEqual({ dayMinor: 0, monthMinor: 300_000 });
      // The month too: 1 December starts afresh.
      expect(usedAt(payments, at('2026-12-01T00:00:00.000Z'))).toEqual({ dayMinor: 0, monthMinor: 0 });
      expect(ghanaDay(at('2026-11-27T23:59:59.999Z'))).toBe('2026-11-27');
    },
  );

  it(proves('C.limit.4', 'the monthly limit refuses what the day would still allow'), () => {
    const payments: OutgoingPayment[] = [1, 2, 3].map((day) => ({
      amountMinor: 300_000,
      at: at(`2026-11-0${day}T10:00:00Z`),
      released: false,
    }));
    expect(outgoingRefusal(MINIMUM, usedAt(payments, at('2026-11-04T10:00:00Z')), 100_001)).toEqual({
      messageId: 'limit.monthly',
      limitMinor: 1_000_000,
      leftMinor: 100_000,
    });
  });

  it(proves('C.limit.2', 'a released or refused payment gives its amount back'), () => {
    const payments: OutgoingPayment[] = [
      { amountMinor: 300_000, at: at('2026-11-27T08:00:00Z'), released: true },
    ];
    expect(outgoingRefusal(MINIMUM, usedAt(payments, at('2026-11-27T09:00:00Z')), 300_000)).toBeNull();
  });

  it(
    proves(
      ['C.limit.5', 'C.limit.6'],
      'the maximum balance counts pending credits; the receiver’s refusal has its own message',
    ),
    () => {
      expect(incomingRefusal(MINIMUM, 400_000, 50_000, 60_000)).toEqual({
        messageId: 'limit.balance',
        limitMinor: 500_000,
        leftMinor: 50_000,
      });
      expect(incomingRefusal(MINIMUM, 400_000, 50_000, 50_000)).toBeNull();
      expect(incomingRefusal(MINIMUM, 500_000, 0, 1, true)?.messageId).toBe('limit.receiverBalance');
    },
  );
});

/** One step of a user's day: a payment asked for (accepted only when no limit refuses it), or one released. */
type Step = { kind: 'pay'; amountMinor: number; minute: number } | { kind: 'release'; index: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('pay' as const),
    amountMinor: fc.integer({ min: 1, max: 400_000 }),
    // Minutes from 26 November 22:00 UTC: the steps straddle Ghana's midnight.
    minute: fc.integer({ min: 0, max: 240 }),
  }),
  fc.record({ kind: fc.constant('release' as const), index: fc.nat({ max: 40 }) }),
);

const START = Date.parse('2026-11-26T22:00:00Z');

describe('properties', () => {
  it(
    proves(
      ['C.limit.1', 'C.limit.2'],
      'whatever the order of payments and releases, no day and no month ever passes its limit',
    ),
    () => {
      fc.assert(
        fc.property(
          fc.array(stepArbitrary, { maxLength: 40 }),
          fc.constantFrom(MINIMUM, MEDIUM),
          (steps, limits) => {
            const accepted: OutgoingPayment[] = [];
            // Time moves forward only (as the ledger's clock does).
            let now = START;
            for (const step of steps) {
              if (step.kind === 'release') {
                const payment = accepted[step.index % Math.max(accepted.length, 1)];
                if (payment) payment.released = true;
                continue;
              }
              now = Math.max(now, START + step.minute * 60_000);
              const instant = new Date(now);
              const refusal = outgoingRefusal(limits, usedAt(accepted, instant), step.amountMinor);
              if (refusal === null)
                accepted.push({ amountMinor: step.amountMinor, at: instant, released: false });
              else expect(refusal.leftMinor).toBeLessThan(step.amountMinor);
              const used = usedAt(accepted, instant);
              expect(used.dayMinor).toBeLessThanOrEqual(limits.dailyMinor);
              if (limits.monthlyMinor !== null)
                expect(used.monthMinor).toBeLessThanOrEqual(limits.monthlyMinor);
            }
          },
        ),
      );
    },
  );

  it('what is left is exactly what the day still allows: left passes, left + 1 pesewa does not', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 100_000 }), { maxLength: 10 }), (amounts) => {
        const now = at('2026-11-27T12:00:00Z');
        const payments = amounts.map((amountMinor) => ({ amountMinor, at: now, released: false }));
        const used = usedAt(payments, now);
        fc.pre(used.dayMinor < MEDIUM.dailyMinor);
        const left = MEDIUM.dailyMinor - used.dayMinor;
        expect(outgoingRefusal(MEDIUM, used, left)).toBeNull();
        expect(outgoingRefusal(MEDIUM, used, left + 1)).toEqual({
          messageId: 'limit.daily',
          limitMinor: MEDIUM.dailyMinor,
          leftMinor: left,
        });
      }),
    );
  });

  it(proves('C.limit.3', 'the day of any instant is its UTC date (Ghana keeps GMT all year)'), () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (d) => {
          expect(ghanaDay(d)).toBe(d.toISOString().slice(0, 10));
        },
      ),
    );
  });
});

describe('tiers and dated rows', () => {
  const rows: DatedTierLimits[] = [
    { tier: 'minimum', effectiveFrom: '2024-03-01', ...MINIMUM },
    { tier: 'minimum', effectiveFrom: '2026-12-01', ...MINIMUM, dailyMinor: 400_000 },
    { tier: 'medium', effectiveFrom: '2024-03-01', ...MEDIUM },
  ];

  it(
    proves(
      'C.tier.2',
      'a later row supersedes from its day on; the earlier one answers before it; nothing before the first',
    ),
    () => {
      expect(limitsInForce(rows, 'minimum', '2026-11-30')?.dailyMinor).toBe(300_000);
      expect(limitsInForce(rows, 'minimum', '2026-12-01')?.dailyMinor).toBe(400_000);
      expect(limitsInForce(rows, 'medium', '2030-01-01')?.dailyMinor).toBe(1_500_000);
      expect(limitsInForce(rows, 'minimum', '2024-02-29')).toBeNull();
    },
  );

  it(
    proves(
      ['C.tier.1', 'C.tier.3'],
      'the way up: none -> minimum -> medium -> enhanced, each with what it needs',
    ),
    () => {
      expect(nextTierOf('none')).toEqual({ tier: 'minimum', requirements: ['identification'] });
      expect(nextTierOf('minimum')).toEqual({ tier: 'medium', requirements: ['ghanaCard'] });
      expect(nextTierOf('medium')).toEqual({ tier: 'enhanced', requirements: ['proofOfAddress'] });
      expect(nextTierOf('enhanced')).toBeNull();
      expect(isAbove('medium', 'minimum')).toBe(true);
      expect(isAbove('none', 'minimum')).toBe(false);
      expect(limitedTierOf('none')).toBe('minimum');
    },
  );
});
