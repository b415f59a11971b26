import { z } from 'zod';
import { ACCOUNT_TIERS, TIER_REQUIREMENTS } from '../domain/tiers';
import { apiAmountSchema } from './envelope';

/*
 * GET api/User/GetAccountTier?userId (issue 24): the user's Bank of Ghana tier, its limits and what was used of
 * them today and this month (amounts as decimals of GH₵, like every answer), and the next tier with what it needs.
 */

export const accountTierSchema = z.enum(ACCOUNT_TIERS);

export const tierRequirementSchema = z.enum(TIER_REQUIREMENTS);

export const accountTierViewSchema = z.object({
  tier: accountTierSchema,
  dailyLimit: apiAmountSchema,
  dailyUsed: apiAmountSchema,
  /** null: no monthly limit. */
  monthlyLimit: apiAmountSchema.nullable(),
  monthlyUsed: apiAmountSchema,
  balanceLimit: apiAmountSchema,
  nextTier: z
    .object({
      tier: accountTierSchema.exclude(['none']),
      requirements: z.array(tierRequirementSchema),
    })
    .nullable(),
});
export type AccountTierView = z.infer<typeof accountTierViewSchema>;
