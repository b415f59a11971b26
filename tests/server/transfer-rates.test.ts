import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/paths';
import type { ExchangeRate } from '../../src/contract/transfer';
import { crossRate, isRate } from '../../src/domain/fx';
import { INITIAL_EXCHANGE_RATES } from '../../src/server/seed/exchange-rates';
import { seedReferenceData } from '../../src/server/seed/seed';
import { runRatesCommand } from '../../scripts/rates-command';
import { bearer, envelope } from '../support/server-helpers';
import { transferUser, type TransferUser } from '../support/server-transfer-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';
import { proves } from '../support/requirements';

let t: TestApp;
let user: TransferUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await transferUser(t.app, t.database.db);
});
afterAll(async () => t?.close());

const db = () => t.database.db;

const rates = async (): Promise<ExchangeRate[]> => {
  const response = await t.app.inject({
    method: 'GET',
    url: apiPaths.exchangeRates,
    headers: bearer(user.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return envelope<ExchangeRate[]>(response).data;
};

const rateOf = async (code: string) => (await rates()).find((rate) => rate.code === code)?.rate;

describe('the one rate table (GET api/Transaction/GetExchangeRates)', () => {
  it('answers every seeded currency, GHS first, each with its as-of time', async () => {
    const table = await rates();
    expect(table.map((rate) => rate.code)).toEqual([
      'GHS',
      'EUR',
      'GBP',
      'INR',
      'KES',
      'NGN',
      'PKR',
      'USD',
      'ZAR',
    ]);
    expect(table[0]).toEqual({ code: 'GHS', name: 'Ghanaian cedi', rate: '1', asOf: expect.any(String) });
    for (const rate of table) {
      expect(isRate(rate.rate), rate.code).toBe(true);
      expect(Number.isNaN(Date.parse(rate.asOf))).toBe(false);
    }
    expect(table.length).toBe(INITIAL_EXCHANGE_RATES.length);
  });

  it(
    proves(
      'S9.currency.1',
      "is the spec's currency selector table: GHS->USD 0.08 and GHS->GBP 0.0645, their inverses 12.5 and 15.5",
    ),
    async () => {
      const usd = (await rateOf('USD')) as string;
      const gbp = (await rateOf('GBP')) as string;
      expect([usd, gbp]).toEqual(['0.08', '0.0645']);
      expect(crossRate(usd, '1')).toBe('12.5');
      expect(Number(crossRate(gbp, '1')).toFixed(1)).toBe('15.5');
    },
  );

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: apiPaths.exchangeRates })).statusCode).toBe(401);
  });
});

describe('the admin command (npm run rates)', () => {
  it('sets a rate by appending a row: the table answers the new rate, the history keeps the old one', async () => {
    const set = await runRatesCommand(db(), ['set', 'usd', '0.0812', '--note', 'BoG mid-rate'], 'kwame');
    expect(set).toEqual({
      exitCode: 0,
      lines: [
        'USD: 0.08 -> 0.0812 per GHS',
        expect.stringMatching(/^USD {2}0\.0812 .* by kwame {2}\(BoG mid-rate\)$/),
      ],
    });
    expect(await rateOf('USD')).toBe('0.0812');
    const history = await runRatesCommand(db(), ['history', 'USD']);
    expect(history.exitCode).toBe(0);
    expect(history.lines.map((line) => line.split(/\s+/).slice(0, 2).join(' '))).toEqual([
      'USD 0.0812',
      'USD 0.08',
    ]);
    const list = await runRatesCommand(db(), ['list']);
    expect(list.lines.filter((line) => line.startsWith('USD'))).toEqual([expect.stringContaining('0.0812')]);
    // A restart seeds again: the rate an operator set stays.
    await seedReferenceData(db());
    expect(await rateOf('USD')).toBe('0.0812');
    await runRatesCommand(db(), ['set', 'USD', '0.08'], 'kwame');
  });

  it('adds a currency only with its name', async () => {
    expect(await runRatesCommand(db(), ['set', 'CAD', '0.11'])).toEqual({
      exitCode: 1,
      lines: ['CAD is new: give its name with --name, e.g. --name "US dollar".'],
    });
    expect((await runRatesCommand(db(), ['set', 'CAD', '0.11', '--name', 'Canadian dollar'])).exitCode).toBe(
      0,
    );
    expect((await rates()).find((rate) => rate.code === 'CAD')).toMatchObject({
      name: 'Canadian dollar',
      rate: '0.11',
    });
  });

  it.each([
    [['set', 'GHS', '2'], 1, 'GHS is the base of the table: its rate is always 1.'],
    [['set', 'USD', '0'], 1, '0 is not a rate: a positive decimal with at most 8 decimals, e.g. 0.0812.'],
    [
      ['set', 'USD', '0.123456789'],
      1,
      '0.123456789 is not a rate: a positive decimal with at most 8 decimals, e.g. 0.0812.',
    ],
    [['set', 'USD', '-1'], 1, '-1 is not a rate: a positive decimal with at most 8 decimals, e.g. 0.0812.'],
    [['set', 'US', '1'], 1, 'US is not a currency code (three letters, e.g. USD).'],
    [['set', 'USD', '1', '--colour', 'red'], 2, 'set: unknown or incomplete option in: --colour red'],
    [['history', 'XYZ'], 1, 'XYZ is not in the rate table.'],
    [['drop', 'USD'], 2, 'unknown command or arguments: drop USD'],
    [[], 2, 'no command given'],
  ])('%o is refused (exit %i) and changes nothing', async (args, exitCode, problem) => {
    const before = await rates();
    const result = await runRatesCommand(db(), args);
    expect(result.exitCode).toBe(exitCode);
    expect(result.lines[0]).toBe(problem);
    expect(await rates()).toEqual(before);
  });
});
