/**
 * The national identity register (Ghana's NIA database behind the Ghana Card), as the wallet needs it: is this card
 * number in the register, and does the name on the account match the name it holds? A real adapter plugs in through
 * buildApp's `identityRegister` option; the sandbox below is the default.
 */

export interface RegisterQuery {
  /** The card's number as the identification holds it (10 digits). */
  cardNumber: string;
  firstName: string;
  middleName: string;
  lastName: string;
}

/** match: the card is in the register under this name; nameDiffers: under another name; unknown: not in it. */
export type RegisterOutcome = 'match' | 'nameDiffers' | 'unknown';

export interface IdentityRegister {
  /** Throws when the register cannot be reached (the caller answers 503 and nothing changes). */
  verify(query: RegisterQuery): Promise<RegisterOutcome>;
}

/** Sandbox numbers (README "Sandbox identity register"): their first four digits decide. */
export const SANDBOX_REGISTER_PREFIXES = {
  unknown: '0000',
  nameDiffers: '9999',
  unavailable: '8888',
} as const;

export class RegisterUnavailableError extends Error {}

/**
 * The built-in sandbox: a number starting 0000 is not in the register, 9999 is held under another name (Kwame
 * Nkrumah), 8888 finds the register unreachable; every other number is held under the account's own name, so it
 * matches.
 */
export const sandboxIdentityRegister: IdentityRegister = {
  async verify({ cardNumber }) {
    if (cardNumber.startsWith(SANDBOX_REGISTER_PREFIXES.unavailable))
      throw new RegisterUnavailableError('the sandbox register is unavailable for 8888 numbers');
    if (cardNumber.startsWith(SANDBOX_REGISTER_PREFIXES.unknown)) return 'unknown';
    if (cardNumber.startsWith(SANDBOX_REGISTER_PREFIXES.nameDiffers)) return 'nameDiffers';
    return 'match';
  },
};
