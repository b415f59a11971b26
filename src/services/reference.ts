import { apiPaths } from '../contract/paths';
import type {
  Bank,
  Country,
  DeliveryMethod,
  IdentificationType,
  PaymentMethod,
  TransactionPurpose,
} from '../contract/reference';
import { get } from './http';

type Call = { signal?: AbortSignal };

export const getCountries = (call: Call = {}) => get<Country[]>(apiPaths.countries, call);

export const getBanksByCountry = (countryId: number, call: Call = {}) =>
  get<Bank[]>(apiPaths.banksByCountry, { ...call, query: { CountryId: countryId } });

export const getPaymentMethods = (call: Call = {}) => get<PaymentMethod[]>(apiPaths.paymentMethods, call);

export const getDeliveryMethods = (call: Call = {}) => get<DeliveryMethod[]>(apiPaths.deliveryMethods, call);

export const getTransactionPurposes = (call: Call = {}) =>
  get<TransactionPurpose[]>(apiPaths.transactionPurposes, call);

export const getIdentificationTypes = (call: Call = {}) =>
  get<IdentificationType[]>(apiPaths.identificationTypes, call);
