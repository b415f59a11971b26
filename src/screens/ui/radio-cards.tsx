import { useId } from 'react';

export interface RadioCardOption<Value extends string> {
  value: Value;
  label: string;
  hint?: string;
}

/**
 * A choice among a few options drawn as large cards (payment gateways): real radio inputs in a fieldset, so
 * arrow keys move between them and the group's question is read with each option.
 */
export function RadioCards<Value extends string>({
  legend,
  hint,
  legendHidden = false,
  name,
  options,
  value,
  onChoose,
}: {
  legend: string;
  /** Said with the question (e.g. that choosing opens the matching form). */
  hint?: string;
  /** When a heading just above already asks the question, the legend is for screen readers only. */
  legendHidden?: boolean;
  name?: string;
  options: readonly RadioCardOption<Value>[];
  value: Value | null;
  onChoose: (value: Value) => void;
}) {
  const generated = useId();
  const groupName = name ?? `radio-cards-${generated}`;
  return (
    <fieldset className="radio-cards" aria-describedby={hint ? `${groupName}-hint` : undefined}>
      <legend className={legendHidden ? 'visually-hidden' : undefined}>{legend}</legend>
      {hint ? (
        <p id={`${groupName}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      <div className="radio-cards-options">
        {options.map((option) => {
          const id = `${groupName}-${option.value}`;
          return (
            <div key={option.value} className="radio-card">
              <input
                type="radio"
                id={id}
                name={groupName}
                value={option.value}
                checked={value === option.value}
                aria-describedby={option.hint ? `${id}-hint` : undefined}
                onChange={() => onChoose(option.value)}
              />
              <label htmlFor={id}>
                <span className="radio-card-label">{option.label}</span>
                {option.hint ? (
                  // Part of the card's click area, but not of the radio's name: it is its description.
                  <span id={`${id}-hint`} className="radio-card-hint" aria-hidden="true">
                    {option.hint}
                  </span>
                ) : null}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
