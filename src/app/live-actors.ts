/**
 * The live side effects of the wallet flows, bound once: each flow's route provides `live.<flow>` to its machine.
 * The services take the user from the auth source the composition root installs (the session), and every balance
 * a machine reads goes to the session's balance card.
 */
import { useMemo } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import type {
  BettingMovement,
  BettingOperation,
  BettingOperator,
  BettingPaymentRequestInPesewas,
  BettingReceipt,
} from '../contract/betting';
import type {
  BillingCompany,
  BillingMovement,
  BillingReceipt,
  BillingSubCompany,
  BillInPesewas,
} from '../contract/billing';
import type { Beneficiary, ResolveAccountNameRequest, ResolvedAccountName } from '../contract/beneficiary';
import type { Bank, TransactionPurpose } from '../contract/reference';
import type {
  ExchangeRate,
  TransactionMovement,
  TransactionReceipt,
  TransferQuoteInPesewas,
  TransferRequestInPesewas,
} from '../contract/transfer';
import type { Identification } from '../contract/identification';
import type { PhoneVerificationStatus, SentPhoneCode, VerifiedPhone } from '../contract/phone-verification';
import type { WalletBalance } from '../contract/user';
import type { MonthSummary, WalletMovementPage, WalletOperation } from '../contract/wallet';
import type { SessionMachine } from '../machines/session.machine';
import type { BettingCall, PaymentRequestQuery } from '../machines/betting.machine';
import type { ReceiptInput } from '../machines/shared/receipt';
import type { OperationQuery } from '../machines/shared/follow-operation';
import type { VerifyPhoneInput } from '../machines/phone-verification.machine';
import type { PageRequest, ServerPage } from '../machines/shared/paged-list';
import type { BillLookupCall, PayBillCall } from '../machines/bill-payment.machine';
import type { TopUpCall } from '../machines/top-up.form';
import type { TransactionReceiptInput } from '../machines/transaction-receipt.machine';
import type {
  CouponCheckCall,
  CrossBorderMethods,
  PayNowCall,
  TransferDraft,
} from '../machines/transfer.machine';
import type { CouponCheckInPesewas } from '../contract/cross-border';
import { RECENT_ACTIVITY_SIZE, type WalletSummary } from '../machines/wallet.machine';
import type { WithdrawalCall } from '../machines/withdrawal.form';
import type { BeneficiaryCreateCall } from '../machines/beneficiary-add.form';
import type { BeneficiaryEditCall } from '../machines/beneficiary-edit.machine';
import type { BeneficiaryActors } from '../screens/beneficiary-actors';
import {
  createBankBeneficiary,
  createMobileBeneficiary,
  deleteBeneficiary,
  editBeneficiary,
  getAllBeneficiaries,
  resolveAccountName,
} from '../services/beneficiary';
import {
  getBettingHistoryPage,
  getBettingOperators,
  getBettingPaymentRequest,
  getBettingReceipt,
  initiateBetting,
} from '../services/betting';
import { getPhoneVerification, sendPhoneVerificationCode, verifyPhone } from '../services/phone-verification';
import { getIdentifications } from '../services/identification';
import {
  getBanksByCountry,
  getCountries,
  getDeliveryMethods,
  getPaymentMethods,
  getTransactionPurposes,
} from '../services/reference';
import {
  checkCoupon,
  getExchangeRates,
  getTransactionHistoryPage,
  getTransactionReceipt,
  initiateTransfer,
  payNow,
} from '../services/transfer';
import {
  getMonthSummary,
  getWalletAmount,
  getWalletHistoryPage,
  getWalletOperation,
  topUpByBank,
  topUpByCard,
  topUpByMomo,
  withdraw,
} from '../services/wallet';
import type { GatewayUser, GemPacksInPesewas, GemPurchase } from '../contract/gems';
import type { BuyGemPackInput } from '../machines/payment-gateway.machine';
import {
  buyGemPack,
  getGatewayUser,
  getGemBalance,
  getGemPacks,
  getGemPurchasesPage,
} from '../services/gems';
import { useAppActors } from './app-actors';
import { gemShopStore, resetGemShop } from './stores/gem-shop-store';
import {
  getBillByReference,
  getBillingCompanies,
  getBillingHistoryPage,
  getBillingReceipt,
  getBillingSubCompanies,
  payBill,
} from '../services/billing';
import { billingStore } from './stores/billing-store';
import { transactionStore } from './stores/transaction-store';
import { minorToApiAmount, type MinorUnits } from '../domain/money';

/** Ghana's banks (spec section 9: the bank list uses country id 1). */
export const BANKS_COUNTRY_ID = 1;

type Session = ActorRefFrom<SessionMachine>;

const callTopUp = (call: TopUpCall, signal: AbortSignal) => {
  switch (call.gateway) {
    case 'card':
      return topUpByCard(call.request, call.idempotencyKey, { signal });
    case 'bank':
      return topUpByBank(call.request, call.idempotencyKey, { signal });
    case 'momo':
      return topUpByMomo(call.request, call.idempotencyKey, { signal });
  }
};

export const liveActors = (session: Session) => {
  const walletChanged = (_: unknown, params: { walletAmount: MinorUnits }) =>
    session.send({ type: 'WALLET_AMOUNT_CHANGED', walletAmount: params.walletAmount });
  const loadBanks = fromPromise<Bank[], void>(({ signal }) =>
    getBanksByCountry(BANKS_COUNTRY_ID, { signal }),
  );
  // Both lists (MoMo, then bank): the manager and the transfer's select page and search them in the browser.
  const loadBeneficiaries = fromPromise<Beneficiary[], void>(({ signal }) => getAllBeneficiaries({ signal }));
  const loadPacks = fromPromise<GemPacksInPesewas, void>(({ signal }) => getGemPacks({ signal }));
  const getOperation = fromPromise<WalletOperation, OperationQuery>(({ input, signal }) =>
    getWalletOperation(input.referenceNumber, { signal }),
  );
  return {
    topUp: {
      actors: {
        loadBanks,
        getOperation,
        topUp: fromPromise<WalletOperation, TopUpCall>(({ input, signal }) => callTopUp(input, signal)),
      },
      actions: { walletChanged },
    },
    withdrawal: {
      actors: {
        loadBanks,
        getOperation,
        withdraw: fromPromise<WalletOperation, WithdrawalCall>(({ input, signal }) =>
          withdraw(input.request, input.idempotencyKey, { signal }),
        ),
      },
      actions: { walletChanged },
    },
    balance: {
      actors: {
        loadBalance: fromPromise<WalletBalance, void>(({ signal }) => getWalletAmount({ signal })),
      },
      actions: { walletChanged },
    },
    wallet: {
      actors: {
        loadWallet: fromPromise<WalletSummary, void>(async ({ signal }) => {
          // Only the first page of the latest movements, not the whole history.
          const [amount, latest] = await Promise.all([
            getWalletAmount({ signal }),
            getWalletHistoryPage({ page: 0, pageSize: RECENT_ACTIVITY_SIZE }, { signal }),
          ]);
          return { walletAmount: amount.walletAmount, recent: latest.rows };
        }),
      },
      actions: { walletChanged },
    },
    monthSummary: {
      actors: {
        loadMonthSummary: fromPromise<MonthSummary, { month: string }>(({ input, signal }) =>
          getMonthSummary(input.month, { signal }),
        ),
      },
    },
    walletHistory: {
      actors: {
        loadPage: fromPromise<WalletMovementPage, PageRequest>(({ input, signal }) =>
          getWalletHistoryPage(input, { signal }),
        ),
      },
    },
    identifications: {
      actors: {
        loadList: fromPromise<Identification[], void>(({ signal }) => getIdentifications({ signal })),
      },
    },
    phoneVerification: {
      actors: {
        loadStatus: fromPromise<PhoneVerificationStatus, void>(({ signal }) =>
          getPhoneVerification({ signal }),
        ),
        sendCode: fromPromise<SentPhoneCode, void>(({ signal }) => sendPhoneVerificationCode({ signal })),
        verifyCode: fromPromise<VerifiedPhone, VerifyPhoneInput>(({ input, signal }) =>
          verifyPhone(input.code, { signal }),
        ),
      },
      // The session keeps it for the rest of the visit (not persisted: a reload asks the server again).
      actions: { phoneVerified: () => session.send({ type: 'PHONE_VERIFIED' }) },
    },
    beneficiaries: {
      list: {
        actors: {
          loadList: loadBeneficiaries,
        },
      },
      manager: {
        actors: {
          deleteBeneficiary: fromPromise<null, { id: number }>(({ input, signal }) =>
            deleteBeneficiary(input.id, { signal }),
          ),
        },
      },
      add: {
        actors: {
          loadBanks,
          resolveAccountName: fromPromise<ResolvedAccountName, ResolveAccountNameRequest>(
            ({ input, signal }) => resolveAccountName(input, { signal }),
          ),
          createBeneficiary: fromPromise<Beneficiary, BeneficiaryCreateCall>(({ input, signal }) =>
            input.type === 'mobile'
              ? createMobileBeneficiary(input.request, { signal })
              : createBankBeneficiary(input.request, { signal }),
          ),
        },
      },
      edit: {
        actors: {
          editBeneficiary: fromPromise<Beneficiary, BeneficiaryEditCall>(({ input, signal }) =>
            editBeneficiary(input, { signal }),
          ),
        },
      },
    } satisfies BeneficiaryActors,
    transfer: {
      actors: {
        getOperation,
        loadBeneficiaries,
        loadPurposes: fromPromise<TransactionPurpose[], void>(({ signal }) =>
          getTransactionPurposes({ signal }),
        ),
        loadRates: fromPromise<ExchangeRate[], void>(({ signal }) => getExchangeRates({ signal })),
        initiateTransfer: fromPromise<TransferQuoteInPesewas, TransferRequestInPesewas>(({ input, signal }) =>
          initiateTransfer(input, { signal }),
        ),
        payNow: fromPromise<WalletOperation, PayNowCall>(({ input, signal }) =>
          payNow(input.cartId, input.idempotencyKey, { signal }, input.payment),
        ),
        // /CrossBorderPayment: the enabled cross-border methods and the countries (the recipient's country
        // select), and the coupon check before the quote.
        loadMethods: fromPromise<CrossBorderMethods, void>(async ({ signal }) => {
          const [paymentMethods, deliveryMethods, countries] = await Promise.all([
            getPaymentMethods({ signal }, { crossBorder: 'true' }),
            getDeliveryMethods({ signal }, { crossBorder: 'true' }),
            getCountries({ signal }),
          ]);
          return { paymentMethods, deliveryMethods, countries };
        }),
        checkCoupon: fromPromise<CouponCheckInPesewas, CouponCheckCall>(({ input, signal }) =>
          checkCoupon(input.couponCode, input.sendAmount, { signal }),
        ),
      },
      actions: {
        walletChanged: (_: unknown, params: { walletAmount: MinorUnits }) => {
          walletChanged(_, params);
          transactionStore.walletAmount = minorToApiAmount(params.walletAmount);
        },
        // The transaction draft of spec section 3 (its store keeps the API's decimals and persists these).
        saveDraft: (_: unknown, params: TransferDraft) =>
          Object.assign(transactionStore, {
            sendAmount: minorToApiAmount(params.sendAmount),
            currency: params.currency,
            receiveAmount: minorToApiAmount(params.receiveAmount),
          }),
      },
    },
    transactionHistory: {
      actors: {
        loadPage: fromPromise<ServerPage<TransactionMovement>, PageRequest>(({ input, signal }) =>
          getTransactionHistoryPage(input, { signal }),
        ),
      },
    },
    treasureShop: {
      actors: { loadPacks },
      actions: {
        // The choice survives a reload on the way to the gateway (the route provides openGateway: navigation).
        saveChoice: (_: unknown, params: { packId: string }) => {
          gemShopStore.packId = params.packId;
        },
      },
    },
    paymentGateway: {
      actors: {
        loadPacks,
        loadUser: fromPromise<GatewayUser, void>(({ signal }) => getGatewayUser({ signal })),
        buyGemPack: fromPromise<WalletOperation, BuyGemPackInput>(({ input, signal }) =>
          buyGemPack(input, { signal }),
        ),
      },
      actions: { walletChanged, clearChoice: () => resetGemShop() },
    },
    gemBalance: {
      actors: { loadGems: fromPromise<number, void>(({ signal }) => getGemBalance({ signal })) },
    },
    gemPurchases: {
      actors: {
        loadPage: fromPromise<ServerPage<GemPurchase>, PageRequest>(({ input, signal }) =>
          getGemPurchasesPage(input, { signal }),
        ),
      },
    },
    billPayment: {
      actors: {
        getOperation,
        loadCompanies: fromPromise<BillingCompany[], void>(({ signal }) => getBillingCompanies({ signal })),
        loadSubCompanies: fromPromise<BillingSubCompany[], { companyId: number }>(({ input, signal }) =>
          getBillingSubCompanies(input.companyId, { signal }),
        ),
        lookupBill: fromPromise<BillInPesewas, BillLookupCall>(({ input, signal }) =>
          getBillByReference(input, { signal }),
        ),
        payBill: fromPromise<WalletOperation, PayBillCall>(({ input, signal }) =>
          payBill(input, input.idempotencyKey, { signal }),
        ),
      },
      actions: {
        walletChanged,
        // The billing store of spec section 3 (persisted): the sub-company chosen and its reference rules.
        saveBilling: (_: unknown, { subCompany }: { subCompany: BillingSubCompany }) =>
          Object.assign(billingStore, {
            billingId: subCompany.companyId,
            subCompanyName: subCompany.subCompanyName,
            subCompanyId: subCompany.id,
            companyName: subCompany.companyName,
            title: subCompany.title,
            minLength: subCompany.minLength,
            maxLength: subCompany.maxLength,
            regularExpression: subCompany.regularExpression,
          }),
      },
    },
    billingHistory: {
      actors: {
        loadPage: fromPromise<ServerPage<BillingMovement>, PageRequest>(({ input, signal }) =>
          getBillingHistoryPage(input, { signal }),
        ),
      },
    },
    billingReceipt: {
      actors: {
        loadReceipt: fromPromise<BillingReceipt, ReceiptInput>(({ input, signal }) =>
          getBillingReceipt(input.referenceNumber, { signal }),
        ),
      },
    },
    transactionReceipt: {
      actors: {
        loadReceipt: fromPromise<TransactionReceipt, TransactionReceiptInput>(({ input, signal }) =>
          getTransactionReceipt(input.referenceNumber, { signal }),
        ),
      },
    },
    betting: {
      actors: {
        getOperation,
        loadOperators: fromPromise<BettingOperator[], void>(({ signal }) => getBettingOperators({ signal })),
        loadPaymentRequest: fromPromise<BettingPaymentRequestInPesewas, PaymentRequestQuery>(
          ({ input, signal }) => getBettingPaymentRequest(input.token, { signal }),
        ),
        initiateBetting: fromPromise<BettingOperation, BettingCall>(({ input, signal }) =>
          initiateBetting(input.request, input.idempotencyKey, { signal }),
        ),
      },
      actions: { walletChanged },
    },
    bettingHistory: {
      actors: {
        loadPage: fromPromise<ServerPage<BettingMovement>, PageRequest>(({ input, signal }) =>
          getBettingHistoryPage(input, { signal }),
        ),
      },
    },
    bettingReceipt: {
      actors: {
        loadReceipt: fromPromise<BettingReceipt, ReceiptInput>(({ input, signal }) =>
          getBettingReceipt(input.referenceNumber, { signal }),
        ),
      },
    },
  };
};

export type LiveActors = ReturnType<typeof liveActors>;

/** The live actors for the app's session (made once per session actor). */
export const useLiveActors = (): LiveActors => {
  const { session } = useAppActors();
  return useMemo(() => liveActors(session), [session]);
};
