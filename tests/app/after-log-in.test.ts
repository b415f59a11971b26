import { describe, expect, it } from 'vitest';
import { afterLogIn } from '../../src/app/routes/log-in-route';
import { returnPathOf } from '../../src/app/return-path';

describe('afterLogIn', () => {
  it('goes back to the protected page that sent the visitor to /LogIn (a partner payment link)', () => {
    expect(afterLogIn({ from: '/deposit/abc123' })).toBe('/deposit/abc123');
    expect(afterLogIn({ from: '/Dashboard/bettingHistory' })).toBe('/Dashboard/bettingHistory');
  });

  it('goes to /dashboard without one, or when it is not a path of this site', () => {
    for (const state of [
      null,
      undefined,
      {},
      { from: 42 },
      { from: 'https://evil.example/' },
      { from: '//evil.example' },
      { from: '/\\evil.example' },
    ])
      expect(afterLogIn(state)).toBe('/dashboard');
  });

  it('is the same rule that brings Add Identification back to the money page that sent the user', () => {
    expect(returnPathOf({ from: '/SendMoney' })).toBe('/SendMoney');
    expect(returnPathOf({ from: '//evil.example' })).toBeNull();
    expect(returnPathOf(null)).toBeNull();
  });
});
