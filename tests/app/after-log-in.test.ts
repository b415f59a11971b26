import { describe, expect, it } from 'vitest';
import { afterLogIn } from '../../src/app/routes/log-in-route';

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
});
