import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { IDENTIFICATION_IMAGE_TYPES } from '../domain/identification';
import { PROOF_OF_ADDRESS_KINDS, type ProofOfAddressKind } from '../domain/account-upgrade';
import type { AccountTier, TierRequirement } from '../domain/tiers';
import type { MinorUnits } from '../domain/money';
import type { MessageId } from '../i18n/core';
import { useI18n } from '../i18n/i18n';
import { useFormat } from '../i18n/format';
import type { AccountUpgradeMachine } from '../machines/account-upgrade.machine';
import type { GhanaCardVerificationMachine } from '../machines/ghana-card-verification.machine';
import type { ProofOfAddressMachine } from '../machines/proof-of-address.machine';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { FocusHeading } from './ui/focus-heading';
import { RetryAlert } from './ui/retry-alert';
import { SelectField } from './ui/select-field';
import { Skeleton } from './ui/skeleton';
import { firstViolationOf } from './ui/violations';

const TIER_NAMES: Record<AccountTier, MessageId> = {
  none: 'upgradePage.tier.none',
  minimum: 'upgradePage.tier.minimum',
  medium: 'upgradePage.tier.medium',
  enhanced: 'upgradePage.tier.enhanced',
};

const REQUIREMENTS: Record<TierRequirement, MessageId> = {
  identification: 'upgradePage.requirement.identification',
  ghanaCard: 'upgradePage.requirement.ghanaCard',
  proofOfAddress: 'upgradePage.requirement.proofOfAddress',
};

const KIND_NAMES: Record<ProofOfAddressKind, MessageId> = {
  utilityBill: 'upgradePage.proofOfAddress.kind.utilityBill',
  tenancyAgreement: 'upgradePage.proofOfAddress.kind.tenancyAgreement',
  bankStatement: 'upgradePage.proofOfAddress.kind.bankStatement',
};

const IDENTIFICATIONS_PATH = '/Dashboard/myIdentifications';

/**
 * The Upgrade account page (/Dashboard/upgrade): the user's tier, what they used today and this month against each
 * limit, the next tier and what it needs, and the two steps (`steps`: GhanaCardStep and ProofOfAddressStep, each a
 * machine of its own, started by the route once the page's data is in). When a step moves the user up, focus goes
 * to the tier's heading, so the new tier is read out.
 */
export function AccountUpgradeScreen({
  actorRef,
  steps,
}: {
  actorRef: ActorRefFrom<AccountUpgradeMachine>;
  steps: ReactNode;
}) {
  const { t } = useI18n();
  const { formatMoney } = useFormat();
  const snapshot = useSelector(actorRef, (s) => s);
  const { data, error } = snapshot.context;
  const tier = data?.tier;
  const tierHeading = useRef<HTMLHeadingElement>(null);
  const shownTier = useRef(tier?.tier);
  useEffect(() => {
    if (shownTier.current !== undefined && shownTier.current !== tier?.tier) tierHeading.current?.focus();
    shownTier.current = tier?.tier;
  }, [tier?.tier]);

  return (
    <div className="account-upgrade">
      <FocusHeading>{t('upgradePage.title')}</FocusHeading>
      {snapshot.matches('loading') && !data ? (
        <Skeleton label={t('upgradePage.loading')} shape="rows" />
      ) : null}
      {snapshot.matches('failed') && error ? (
        <RetryAlert
          message={t(error)}
          retryLabel={t('upgradePage.retry')}
          onRetry={() => actorRef.send({ type: 'RETRY' })}
        />
      ) : null}
      {tier ? (
        <>
          <section
            className="card tier-card"
            aria-labelledby="tier-title"
            aria-busy={snapshot.matches('loading')}
          >
            <h2 id="tier-title" ref={tierHeading} tabIndex={-1}>
              {t('upgradePage.currentTier', { tier: t(TIER_NAMES[tier.tier]) })}
            </h2>
            <h3>{t('upgradePage.limitsTitle')}</h3>
            <UsageBar label={t('upgradePage.daily')} used={tier.dailyUsed} limit={tier.dailyLimit} />
            {tier.monthlyLimit === null ? (
              <p className="usage">
                <span className="usage-label">{t('upgradePage.monthly')}</span>{' '}
                {t('upgradePage.noMonthlyLimit', { used: formatMoney(tier.monthlyUsed) })}
              </p>
            ) : (
              <UsageBar label={t('upgradePage.monthly')} used={tier.monthlyUsed} limit={tier.monthlyLimit} />
            )}
            <p>{t('upgradePage.balanceLimit', { limit: formatMoney(tier.balanceLimit) })}</p>
          </section>
          <section className="card" aria-labelledby="next-tier-title">
            {tier.nextTier ? (
              <>
                <h2 id="next-tier-title">
                  {t('upgradePage.nextTitle', { tier: t(TIER_NAMES[tier.nextTier.tier]) })}
                </h2>
                <ul>
                  {tier.nextTier.requirements.map((requirement) => (
                    <li key={requirement}>{t(REQUIREMENTS[requirement])}</li>
                  ))}
                </ul>
              </>
            ) : (
              <p id="next-tier-title">{t('upgradePage.topTier')}</p>
            )}
          </section>
          <ol className="upgrade-steps">{steps}</ol>
        </>
      ) : null}
    </div>
  );
}

/** A limit's use as a bar (a meter: its value is read out with the label) and in words. */
function UsageBar({ label, used, limit }: { label: string; used: MinorUnits; limit: MinorUnits }) {
  const { t } = useI18n();
  const { formatMoney } = useFormat();
  const id = useId();
  const words = t('upgradePage.usedOf', { used: formatMoney(used), limit: formatMoney(limit) });
  return (
    <div className="usage">
      <p id={`${id}-label`} className="usage-label">
        {label}
      </p>
      <meter
        className="usage-bar"
        min={0}
        max={Math.max(limit, 1)}
        value={Math.min(used, limit)}
        aria-labelledby={`${id}-label`}
        aria-valuetext={words}
      />
      <p className="usage-words">{words}</p>
    </div>
  );
}

/** A step done: announced, its tick for the eye only. */
function StepDone({ text }: { text: string }) {
  return (
    <p role="status">
      <span aria-hidden="true">✓ </span>
      {text}
    </p>
  );
}

export function GhanaCardStep({ actorRef }: { actorRef: ActorRefFrom<GhanaCardVerificationMachine> }) {
  const { t } = useI18n();
  const titleId = useId();
  const snapshot = useSelector(actorRef, (s) => s);
  const { cards, identificationId, error } = snapshot.context;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actorRef.send({ type: 'VERIFY' });
  };
  return (
    <li className="card upgrade-step" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('upgradePage.ghanaCard.title')}</h2>
      {snapshot.matches('verified') ? <StepDone text={t('upgradePage.ghanaCard.done')} /> : null}
      {snapshot.matches('noCard') ? (
        <>
          <p>{t('upgradePage.ghanaCard.none')}</p>
          <p>
            <Link to={IDENTIFICATIONS_PATH}>{t('upgradePage.ghanaCard.add')}</Link>
          </p>
        </>
      ) : null}
      {snapshot.matches('choosing') || snapshot.matches('verifying') ? (
        <form className="form" noValidate onSubmit={onSubmit}>
          <SelectField
            label={t('upgradePage.ghanaCard.choose')}
            value={String(identificationId ?? '')}
            options={cards.map((card) => ({
              value: String(card.id),
              label: t('upgradePage.ghanaCard.option', { number: card.number }),
            }))}
            onValueChange={(value) => actorRef.send({ type: 'CHOOSE', identificationId: Number(value) })}
          />
          {error ? <Alert>{t(error)}</Alert> : null}
          <Button
            type="submit"
            busy={snapshot.matches('verifying')}
            busyLabel={t('upgradePage.ghanaCard.verifying')}
          >
            {t('upgradePage.ghanaCard.verify')}
          </Button>
        </form>
      ) : null}
    </li>
  );
}

export function ProofOfAddressStep({ actorRef }: { actorRef: ActorRefFrom<ProofOfAddressMachine> }) {
  const { t } = useI18n();
  const { formatDate } = useFormat();
  const id = useId();
  const snapshot = useSelector(actorRef, (s) => s);
  const { latest, documentKind, violations, error } = snapshot.context;
  const kindError = firstViolationOf(violations, 'documentKind');
  const documentError = firstViolationOf(violations, 'document');
  const sending = snapshot.matches('sending');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actorRef.send({ type: 'SEND' });
    const first = actorRef.getSnapshot().context.violations[0];
    if (first) setTimeout(() => document.getElementById(`${id}-${first.field}`)?.focus(), 0);
  };

  return (
    <li className="card upgrade-step" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('upgradePage.proofOfAddress.title')}</h2>
      {snapshot.matches('approved') ? <StepDone text={t('upgradePage.proofOfAddress.approved')} /> : null}
      {snapshot.matches('locked') ? <p>{t('upgrade.proofOfAddress.needsMedium')}</p> : null}
      {snapshot.matches('pending') && latest ? (
        <div role="status">
          <p>{t('upgradePage.proofOfAddress.document', { kind: t(KIND_NAMES[latest.documentKind]) })}</p>
          <p>
            {t('upgradePage.proofOfAddress.pending', {
              date: formatDate(new Date(latest.submittedAt), { dateStyle: 'long' }),
            })}
          </p>
        </div>
      ) : null}
      {snapshot.matches('editing') || sending ? (
        <>
          {latest?.status === 'rejected' ? (
            <Alert tone="info">
              {t('upgradePage.proofOfAddress.document', { kind: t(KIND_NAMES[latest.documentKind]) })}{' '}
              {t('upgradePage.proofOfAddress.rejected', { reason: latest.reason ?? '' })}{' '}
              {t('upgradePage.proofOfAddress.sendAnother')}
            </Alert>
          ) : null}
          <form className="form" noValidate onSubmit={onSubmit}>
            <fieldset
              className="field"
              id={`${id}-documentKind`}
              tabIndex={-1}
              aria-describedby={kindError ? `${id}-kind-error` : undefined}
            >
              <legend>{t('upgradePage.proofOfAddress.kind')}</legend>
              {PROOF_OF_ADDRESS_KINDS.map((kind) => (
                <label key={kind} className="radio">
                  <input
                    type="radio"
                    name={`${id}-kind`}
                    value={kind}
                    checked={documentKind === kind}
                    onChange={() => actorRef.send({ type: 'CHOOSE_KIND', documentKind: kind })}
                  />{' '}
                  {t(KIND_NAMES[kind])}
                </label>
              ))}
              <p id={`${id}-kind-error`} className="field-error" aria-live="polite">
                {kindError ? t(kindError) : ''}
              </p>
            </fieldset>
            <div className="field">
              <label htmlFor={`${id}-document`}>{t('upgradePage.proofOfAddress.file')}</label>
              <input
                id={`${id}-document`}
                type="file"
                accept={IDENTIFICATION_IMAGE_TYPES.join(',')}
                aria-invalid={documentError ? true : undefined}
                aria-describedby={documentError ? `${id}-document-error` : undefined}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  actorRef.send({
                    type: 'CHOOSE_FILE',
                    document: file
                      ? { name: file.name, sizeBytes: file.size, type: file.type, blob: file }
                      : null,
                  });
                }}
              />
              <p id={`${id}-document-error`} className="field-error" aria-live="polite">
                {documentError ? t(documentError) : ''}
              </p>
            </div>
            {error ? <Alert>{t(error)}</Alert> : null}
            <Button type="submit" busy={sending} busyLabel={t('upgradePage.proofOfAddress.sending')}>
              {t('upgradePage.proofOfAddress.send')}
            </Button>
          </form>
        </>
      ) : null}
    </li>
  );
}
