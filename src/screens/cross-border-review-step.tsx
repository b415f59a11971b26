import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { quoteSummary, selectedBeneficiary } from '../machines/transfer.form';
import type { TransferMachine } from '../machines/transfer.machine';
import { useI18n } from '../i18n/i18n';
import { useFormat } from '../i18n/format';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { beneficiaryLabel } from './transfer-amount-step';
import { BackArrow } from './transfer-pay-step';
import { summaryRows, useCurrencyFormat } from './transfer-summary';
import { SummaryList } from './ui/summary-list';
import { stepHeading } from './wizard-parts';

/**
 * Step 2 of /CrossBorderPayment, 'Review Transaction' (spec section 2): the quote's figures (the fee after the
 * coupon, the total, the rate and until when it is held), the payment and delivery methods, the beneficiary, the
 * coupon, the terms checkbox (its link opens /TermsAndConditions in a new tab, so the quote stays open here),
 * Continue (enabled once the terms are agreed) and 'Change delivery method' (back to step 1).
 */
export function CrossBorderReviewStep({ actorRef }: { actorRef: ActorRefFrom<TransferMachine> }) {
  const { t } = useI18n();
  const { formatDate } = useFormat();
  const currencyFormat = useCurrencyFormat();
  const termsId = useId();
  const context = useSelector(actorRef, (s) => s.context);
  const { quote, termsAgreed, error, paymentMethods, deliveryMethods } = context;
  const beneficiary = selectedBeneficiary(context);
  if (!quote) return null;
  const summary = quoteSummary(quote);
  const expires = new Date(quote.expiresAt);
  const nameOf = (methods: readonly { id: number; name: string }[], id: number) =>
    methods.find((method) => method.id === id)?.name ?? String(id);
  const details: (readonly [string, string])[] = [
    ...summaryRows(summary, t, currencyFormat),
    [t('crossBorder.paymentMethod'), nameOf(paymentMethods, quote.paymentMethodId)],
    [t('crossBorder.deliveryMethod'), nameOf(deliveryMethods, quote.deliveryMethodId)],
    [
      t('crossBorder.coupon'),
      quote.couponCode
        ? t('crossBorder.couponApplied', {
            code: quote.couponCode,
            amount: currencyFormat(quote.couponDiscount, summary.sendCurrency),
          })
        : t('crossBorder.noCoupon'),
    ],
  ];
  const list = (rows: readonly (readonly [string, string])[]) => <SummaryList rows={rows} />;

  return (
    <>
      <BackArrow actorRef={actorRef} />
      {stepHeading('review', t('crossBorder.reviewHeading'))}
      <h3 className="form-section">{t('crossBorder.transactionDetails')}</h3>
      {list(details)}
      {Number.isNaN(expires.getTime()) ? null : (
        <p className="muted">
          {t('crossBorder.rateHeld', { time: formatDate(expires, { timeStyle: 'short' }) })}
        </p>
      )}
      <h3 className="form-section">{t('crossBorder.beneficiaryDetails')}</h3>
      {beneficiary
        ? list([
            [t('crossBorder.name'), beneficiary.fullName],
            [t('crossBorder.account'), beneficiaryLabel(beneficiary, t)],
          ])
        : null}
      <div className="field terms">
        <input
          id={termsId}
          type="checkbox"
          checked={termsAgreed}
          onChange={(event) => actorRef.send({ type: 'TERMS', agreed: event.target.checked })}
        />{' '}
        <label htmlFor={termsId}>{t('crossBorder.terms')}</label>
        <p className="field-hint">
          <Link to="/TermsAndConditions" target="_blank" rel="noopener">
            {t('crossBorder.termsLink')}
          </Link>
        </p>
      </div>
      {error ? <Alert>{t(error)}</Alert> : null}
      <div className="form-actions">
        <Button disabled={!termsAgreed} onClick={() => actorRef.send({ type: 'CONTINUE' })}>
          {t('crossBorder.continue')}
        </Button>
        <Button variant="link" onClick={() => actorRef.send({ type: 'BACK' })}>
          {t('crossBorder.changeDelivery')}
        </Button>
      </div>
    </>
  );
}
