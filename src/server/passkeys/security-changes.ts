import type { z } from 'zod';
import {
  deletePasskeyQuerySchema,
  stepUpSettingRequestSchema,
  type StepUpChange,
} from '../../contract/passkeys';
import { apiPaths } from '../../contract/paths';
import { minorToApiAmount, parseDecimalAmount } from '../../domain/money';
import type { Db } from '../db/client';
import type { MoneyMove } from './money-moves';
import { listPasskeys, stepUpStateOf, stepUpThresholdOf } from './passkey-store';

/*
 * The security changes the step-up confirms (beside money-moves.ts's money moves): what someone holding a signed-in
 * session but not the passkey could otherwise do to move money later with no second look. passkeys/step-up.ts asks
 * for them for a user with a passkey whatever their step-up amount (no threshold), with a proof bound to what the
 * summarizer answers: `amountMinor` and a `beneficiary` naming the change ('stepUp:off', 'stepUp:amount',
 * 'passkey:<id>'), so a proof for one change does not make another. null: nothing to confirm (a change that
 * strengthens the protection, or one the route will refuse anyway).
 */

/** What a security change is bound to, and how the dialog says it. */
export interface SecurityChangeMove extends MoneyMove {
  change: StepUpChange;
}

export interface SecurityChange {
  method: 'PUT' | 'DELETE';
  /** What StepUpOptions parses the body with (for DELETE, the query sent as the body). */
  schema: z.ZodType;
  /** Where the route carries what the summarizer reads. */
  from: 'body' | 'query';
  summarize: (userId: number, input: never) => Promise<SecurityChangeMove | null>;
}

/** By path, as a Map: a path is the client's text, and a plain object would answer 'valueOf' or 'constructor'. */
export const securityChanges = (db: Db): ReadonlyMap<string, SecurityChange> =>
  new Map<string, SecurityChange>(
    Object.entries({
      [apiPaths.stepUpSetting]: {
        method: 'PUT',
        schema: stepUpSettingRequestSchema,
        from: 'body',
        summarize: (async (userId: number, { amount }: z.output<typeof stepUpSettingRequestSchema>) => {
          const inForce = stepUpThresholdOf(await stepUpStateOf(db, userId));
          if (inForce === null) return null;
          if (amount === null)
            return { amountMinor: 0, beneficiary: 'stepUp:off', change: { kind: 'stepUpOff' } };
          const amountMinor = parseDecimalAmount(amount);
          if (amountMinor === null || amountMinor <= inForce) return null;
          return {
            amountMinor,
            beneficiary: 'stepUp:amount',
            change: { kind: 'stepUpRaised', amount: minorToApiAmount(amountMinor) },
          };
        }) as SecurityChange['summarize'],
      },
      [apiPaths.deletePasskey]: {
        method: 'DELETE',
        schema: deletePasskeyQuerySchema,
        from: 'query',
        summarize: (async (userId: number, { id }: z.output<typeof deletePasskeyQuerySchema>) => {
          const passkey = (await listPasskeys(db, userId)).find((candidate) => candidate.id === id);
          if (!passkey) return null;
          return {
            amountMinor: 0,
            beneficiary: `passkey:${id}`,
            change: { kind: 'passkeyRemoved', name: passkey.name },
          };
        }) as SecurityChange['summarize'],
      },
    }),
  );
