// When the browser hydrates the prerendered HTML (src/app/hydration.ts) and when it renders afresh.
import { describe, expect, it } from 'vitest';
import { shouldHydrate } from '../../src/app/hydration';

describe('shouldHydrate', () => {
  it('hydrates the prerendered page of the path being visited, signed out', () => {
    expect(shouldHydrate({ prerenderedPath: '/LogIn', currentPath: '/LogIn', signedIn: false })).toBe(true);
    expect(shouldHydrate({ prerenderedPath: '/LogIn', currentPath: '/login/', signedIn: false })).toBe(true);
    expect(shouldHydrate({ prerenderedPath: '/', currentPath: '/', signedIn: false })).toBe(true);
  });

  it('renders afresh for a signed-in visitor, whose page differs from the prerendered one', () => {
    expect(shouldHydrate({ prerenderedPath: '/', currentPath: '/', signedIn: true })).toBe(false);
  });

  it('renders afresh the empty app shell, or HTML of another path', () => {
    expect(shouldHydrate({ prerenderedPath: null, currentPath: '/Dashboard', signedIn: false })).toBe(false);
    expect(shouldHydrate({ prerenderedPath: '/LogIn', currentPath: '/SignUp', signedIn: false })).toBe(false);
  });
});
