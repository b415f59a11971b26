import { useI18n } from '../i18n/i18n';
import type { MessageId } from '../i18n/en';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { FocusHeading } from './ui/focus-heading';
import { Skeleton } from './ui/skeleton';

/** The bank gateway's step while its banks load (or failed to: the message and Try again), with a way back. */
export function BankListStep({
  loading,
  error,
  onRetry,
  back,
}: {
  loading: boolean;
  error: MessageId | null;
  onRetry: () => void;
  back: React.ReactNode;
}) {
  const { t } = useI18n();
  return (
    <>
      <FocusHeading key="banks" level={2}>
        {t('gateway.bank')}
      </FocusHeading>
      {loading ? <Skeleton label={t('topUpScreen.loadingBanks')} shape="rows" /> : null}
      {!loading && error ? (
        <Alert>
          {t(error)}{' '}
          <Button variant="link" onClick={onRetry}>
            {t('topUpScreen.retry')}
          </Button>
        </Alert>
      ) : null}
      {back}
    </>
  );
}

/** The step while a wizard's machine loads the banks (or failed to), or null in any other state. */
export const bankListStepOf = (
  snapshot: { matches: (state: 'loadingBanks' | 'banksFailed') => boolean },
  { error, onRetry, back }: { error: MessageId | null; onRetry: () => void; back: React.ReactNode },
) =>
  snapshot.matches('loadingBanks') || snapshot.matches('banksFailed') ? (
    <BankListStep loading={snapshot.matches('loadingBanks')} error={error} onRetry={onRetry} back={back} />
  ) : null;
