import { useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { Button } from './button';

/**
 * A reference number as the done screens show it (issue 23): never cut, it wraps inside its own box, with a Copy
 * button beside it (navigator.clipboard) and a visible 'Copied' that screen readers announce (or why it could not
 * be copied: an insecure page or a refusal, so the reader selects it by hand).
 */
export function ReferenceBox({ reference }: { reference: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      // Absent on a page that is not a secure context: said, rather than failing silently.
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(reference);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <span className="reference-box">
      <span className="reference-text">{reference}</span>
      <Button variant="secondary" className="reference-copy" onClick={() => void copy()}>
        {t('reference.copy')}
      </Button>
      <span aria-live="polite" className="reference-copied">
        {copied === null ? '' : copied ? t('reference.copied') : t('reference.copyFailed')}
      </span>
    </span>
  );
}
