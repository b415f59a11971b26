import type { DomainMessageId } from '../../domain/messages';
import type { RuleViolation } from '../../domain/rule';

/** The first message a field broke (the machines keep violations in the spec's order). */
export const firstViolationOf = <Field extends string>(
  violations: readonly RuleViolation<Field>[],
  field: Field,
): DomainMessageId | null => violations.find((violation) => violation.field === field)?.messageId ?? null;

/** The first violation of a field, with the values its message names, or null. */
export const firstViolationWithValues = <Field extends string>(
  violations: readonly RuleViolation<Field>[],
  field: Field,
): RuleViolation<Field> | null => violations.find((violation) => violation.field === field) ?? null;

/** After a refused submit, focus goes to the first field in error, whose error is then read out with it. */
export const focusFirstInvalid = <Field extends string>(
  violations: readonly RuleViolation<Field>[],
  elementId: (field: Field) => string,
): void => {
  const first = violations[0];
  // After React has drawn the errors, so the field is read out together with its message.
  if (first) setTimeout(() => document.getElementById(elementId(first.field))?.focus(), 0);
};
