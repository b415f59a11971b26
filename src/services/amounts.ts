import { minorToApiAmount, parseDecimalAmount, type MinorUnits } from '../domain/money';

/**
 * The one place the browser converts money: the API speaks decimals, everything above the services holds pesewas.
 * An answer whose amount is not a plain two-decimal number is a broken contract, not a value to guess at.
 */
export const apiAmountToMinor = (amount: number): MinorUnits => {
  const minor = parseDecimalAmount(amount);
  if (minor === null) throw new RangeError(`not an API amount: ${amount}`);
  return minor;
};

export { minorToApiAmount };
