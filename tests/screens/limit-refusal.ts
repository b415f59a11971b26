import { expect } from 'vitest';
import { screen } from '@testing-library/react';

export { limitRefusal } from '../support/machine-fixtures';

/** The English of `limitRefusal()` as a screen shows it: the figures in their places (issue 24). */
export const LIMIT_TEXT =
  'This is over your daily limit of GH₵ 3,000.00: GH₵ 1,000.00 is left today. Upgrade your account to send more.';

/** The full message is in the alert, and the link to the upgrade page is offered. */
export const expectLimitAlert = async () => {
  expect(await screen.findByRole('alert')).toHaveTextContent(LIMIT_TEXT);
  expectUpgradeLink();
};

export const expectUpgradeLink = () =>
  expect(screen.getByRole('link', { name: 'Upgrade your account' })).toHaveAttribute(
    'href',
    '/Dashboard/upgrade',
  );
