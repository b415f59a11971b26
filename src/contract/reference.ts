import { z } from 'zod';
import { queryInt4Id } from './db-input';

export const countrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isoCode: z.string().length(2),
  dialCode: z.string(),
});
export type Country = z.infer<typeof countrySchema>;

export const bankSchema = z.object({ id: z.number().int(), name: z.string() });
export type Bank = z.infer<typeof bankSchema>;

export const banksQuerySchema = z.object({ CountryId: queryInt4Id });

export const paymentMethodSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isEnabled: z.boolean(),
  isCrossBoarder: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const deliveryMethodSchema = paymentMethodSchema.extend({ isSendMoney: z.boolean() });
export type DeliveryMethod = z.infer<typeof deliveryMethodSchema>;

export const transactionPurposeSchema = z.object({ id: z.number().int(), purpose: z.string() });
export type TransactionPurpose = z.infer<typeof transactionPurposeSchema>;

export const identificationTypeSchema = z.object({ id: z.number().int(), identificationType: z.string() });
export type IdentificationType = z.infer<typeof identificationTypeSchema>;

export const countryListSchema = z.array(countrySchema);
export const bankListSchema = z.array(bankSchema);
export const paymentMethodListSchema = z.array(paymentMethodSchema);
export const deliveryMethodListSchema = z.array(deliveryMethodSchema);
export const transactionPurposeListSchema = z.array(transactionPurposeSchema);
export const identificationTypeListSchema = z.array(identificationTypeSchema);
