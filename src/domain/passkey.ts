/**
 * Issue 26's rules that the browser checks before asking (the server checks the same through its schemas): a
 * passkey's name, and the step-up amount a user may set.
 */
import { amountInputToMinor, WALLET_OPERATION_LIMIT_MINOR } from './amount';
import type { MinorUnits } from './money';
import { characterCount, type RuleViolation } from './rule';

/** The longest name a user may give a passkey (contract/passkeys.ts PASSKEY_NAME_MAX says the same to the server). */
export const PASSKEY_NAME_MAX = 60;

export const passkeyNameViolations = (name: string): RuleViolation<'name'>[] => {
  const trimmed = name.trim();
  if (trimmed === '') return [{ field: 'name', messageId: 'passkeys.nameRequired' }];
  if (characterCount(trimmed) > PASSKEY_NAME_MAX)
    return [{ field: 'name', messageId: 'passkeys.nameTooLong', values: { max: PASSKEY_NAME_MAX } }];
  return [];
};

/**
 * The step-up amount typed: more than GH₵ 0, and at most what one wallet operation may move (above it, step-up
 * could never ask: the user turns it off instead).
 */
export const stepUpAmountViolations = (typed: string): RuleViolation<'amount'>[] => {
  const minor = amountInputToMinor(typed);
  return minor === null || minor <= 0 || minor > WALLET_OPERATION_LIMIT_MINOR
    ? [{ field: 'amount', messageId: 'stepUpSetting.amountInvalid' }]
    : [];
};

/** The amount typed, in pesewas, once it keeps the rule. */
export const stepUpAmountOf = (typed: string): MinorUnits | null =>
  stepUpAmountViolations(typed).length === 0 ? amountInputToMinor(typed) : null;

/**
 * A change to the account's own protection that the step-up confirms like a large payment (contract/passkeys.ts
 * stepUpChangeSchema), as the dialog says it: amounts in pesewas.
 */
export type SecurityChange =
  | { kind: 'stepUpOff' }
  | { kind: 'stepUpRaised'; amountMinor: MinorUnits }
  | { kind: 'passkeyRemoved'; name: string };
