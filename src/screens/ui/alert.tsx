import type { ReactNode } from 'react';

/** An announced message: role=alert for problems, role=status for news that is not urgent. */
export function Alert({
  tone = 'error',
  children,
}: {
  tone?: 'error' | 'info' | 'success';
  children: ReactNode;
}) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`alert alert-${tone}`}>
      {children}
    </div>
  );
}
