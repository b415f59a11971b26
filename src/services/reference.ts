import { apiPaths } from '../contract/paths';
import type {
  Bank,
  Country,
  DeliveryMethod,
  IdentificationType,
  PaymentMethod,
  TransactionPurpose,
} from '../contract/reference';
import type { MethodListQuery } from '../contract/cross-border';
import { get, type Query } from './http';

type Call = { signal?: AbortSignal };

export const getCountries = (call: Call = {}) => get<Country[]>(apiPaths.countries, call);

export const getBanksByCountry = (countryId: number, call: Call = {}) =>
  get<Bank[]>(apiPaths.banksByCountry, { ...call, query: { CountryId: countryId } });

const methodQuery = ({ crossBorder }: MethodListQuery): Query =>
  crossBorder === undefined ? {} : { crossBorder };

/** The enabled payment methods; `crossBorder: 'true'` keeps the cross-border ones (the converter screen's). */
export const getPaymentMethods = (call: Call = {}, filter: MethodListQuery = {}) =>
  get<PaymentMethod[]>(apiPaths.paymentMethods, { ...call, query: methodQuery(filter) });

/** The enabled delivery methods; `crossBorder: 'true'` keeps the cross-border ones. */
export const getDeliveryMethods = (call: Call = {}, filter: MethodListQuery = {}) =>
  get<DeliveryMethod[]>(apiPaths.deliveryMethods, { ...call, query: methodQuery(filter) });

export const getTransactionPurposes = (call: Call = {}) =>
  get<TransactionPurpose[]>(apiPaths.transactionPurposes, call);

export const getIdentificationTypes = (call: Call = {}) =>
  get<IdentificationType[]>(apiPaths.identificationTypes, call);
