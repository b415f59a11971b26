import { Alert } from './alert';
import { Button } from './button';

/** A load that failed: its message and the button that tries again. */
export function RetryAlert({
  message,
  retryLabel,
  onRetry,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <Alert>
      {message}{' '}
      <Button variant="link" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Alert>
  );
}
