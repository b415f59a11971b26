import type { DomainMessageId } from './messages';

/** One broken rule: the field it belongs to and the id of its message. */
export interface RuleViolation<Field extends string = string> {
  readonly field: Field;
  readonly messageId: DomainMessageId;
}

/** Characters as a person counts them (code points, so a name like "Ɔkɔ" is three). */
export const characterCount = (value: string): number => [...value].length;

export const digitsOnly = (value: string): string => value.replace(/\D+/g, '');
