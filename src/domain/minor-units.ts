/** An amount in integer minor units (pesewas for GHS): the one unit of money in the app, the API host and the ledger. */
export type MinorUnits = number;

export const isMinorUnits = (value: number): value is MinorUnits => Number.isSafeInteger(value);
