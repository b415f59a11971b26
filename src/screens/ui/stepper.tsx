import { useI18n } from '../../i18n/i18n';

/**
 * The wizard's step indicator: an ordered list whose current step carries aria-current="step", and a hidden
 * "Step 2 of 3: Details" line, so the position is read out as well as seen.
 */
export function Stepper({ steps, current }: { steps: readonly string[]; current: number }) {
  const { t } = useI18n();
  const name = steps[current] ?? '';
  return (
    <nav aria-label={t('stepper.label')} className="stepper">
      <ol>
        {steps.map((step, index) => (
          <li
            key={step}
            aria-current={index === current ? 'step' : undefined}
            className={[
              'stepper-step',
              index < current ? 'stepper-done' : null,
              index === current ? 'stepper-current' : null,
            ]
              .filter(Boolean)
              .join(' ')}
          >
            <span className="stepper-number" aria-hidden="true">
              {index + 1}
            </span>
            <span className="stepper-name">{step}</span>
          </li>
        ))}
      </ol>
      <p className="visually-hidden">
        {t('stepper.status', { current: current + 1, total: steps.length, name })}
      </p>
    </nav>
  );
}
