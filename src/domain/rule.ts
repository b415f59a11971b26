import type { DomainMessageId } from './messages';

/** One broken rule: the field it belongs to and the id of its message. */
export interface RuleViolation<Field extends string = string> {
  readonly field: Field;
  readonly messageId: DomainMessageId;
  /** The values its message names ('{min}'), when it names any. */
  readonly values?: Readonly<Record<string, string | number>>;
}

/** Characters as a person counts them (code points, so a name like "Ɔkɔ" is three). */
export const characterCount = (value: string): number => [...value].length;

export const digitsOnly = (value: string): string => value.replace(/\D+/g, '');
