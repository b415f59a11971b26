/**
 * Form rules: a form's fields change through their input filters, its rules (src/domain, the server's own) are
 * shown after the first SUBMIT and then follow every change, and a 400 answer's violations are shown under the
 * form's fields. `formRules` binds one form's pieces; `editingTransitions` is the editing state's CHANGE and
 * SUBMIT; the machine spreads `rules.guards` into its `setup`.
 */
import type { DomainMessageId } from '../../domain/messages';
import type { RuleViolation } from '../../domain/rule';
import { failureStatus, serverViolations } from '../failure-messages';
import type { SharedStateConfig } from './state-config';

export interface FormState<ViolationField extends string> {
  violations: RuleViolation<ViolationField>[];
  /** False until the first SUBMIT; then the violations follow every change. */
  showViolations: boolean;
  error: DomainMessageId | null;
}

export interface FormRulesOf<TContext, Field extends string, ViolationField extends string> {
  /** Whether the form now shown has this field (other fields' events are ignored). */
  hasField: (context: TContext, field: string) => boolean;
  /** The context's new form(s) after the field's input filter. */
  change: (context: TContext, field: Field, value: string) => Partial<TContext>;
  /** The rules on the form now shown, in the spec's order. */
  violations: (context: TContext) => RuleViolation<ViolationField>[];
  /** The form's name of a field the server named, or null when the form has no such field. */
  fieldOf: (serverField: string) => ViolationField | null;
}

/** A select's id as typed: a positive integer, else 0 (nothing chosen). */
export const selectedId = (value: string): number => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : 0;
};

/** Each field's input filter: what the field keeps of what is typed. */
export type FieldFilters<Form> = { [Field in keyof Form]: (typed: string) => Form[Field] };

/** The form with one field changed through its filter (a field the form does not have changes nothing). */
export const changeField = <Form extends object>(
  form: Form,
  filters: FieldFilters<Form>,
  field: string,
  value: string,
): Form => (field in filters ? { ...form, [field]: filters[field as keyof Form](value) } : form);

export const formRules = <
  TContext extends FormState<ViolationField>,
  Field extends string,
  ViolationField extends string,
>(
  rules: FormRulesOf<TContext, Field, ViolationField>,
) => {
  const fromServer = (error: unknown): RuleViolation<ViolationField>[] =>
    serverViolations(error, (field): field is string => rules.fieldOf(field) !== null).map((violation) => ({
      field: rules.fieldOf(violation.field)!,
      messageId: violation.messageId,
      // The values its message names (a tier limit's figure and what is left of it).
      ...(violation.values ? { values: violation.values } : {}),
    }));
  return {
    ...rules,
    /** CHANGE: the new form, its violations when they show, and no error. */
    changed: (context: TContext, field: Field, value: string): Partial<TContext> => {
      const form = rules.change(context, field, value);
      const violations = context.showViolations ? rules.violations({ ...context, ...form }) : [];
      return { ...form, violations, error: null } as Partial<TContext>;
    },
    /** SUBMIT: the violations show from now on. */
    submitted: (context: TContext): Partial<TContext> =>
      ({ showViolations: true, violations: rules.violations(context), error: null }) as Partial<TContext>,
    /** A 400 answer's violations, under the form's fields. */
    refused: (error: unknown): Partial<TContext> =>
      ({ showViolations: true, violations: fromServer(error), error: null }) as Partial<TContext>,
    serverViolations: fromServer,
    guards: {
      isFormField: ({ context }: { context: TContext }, params: { field: string }) =>
        rules.hasField(context, params.field),
      formValid: ({ context }: { context: TContext }) => rules.violations(context).length === 0,
      hasServerViolations: (_: unknown, params: { error: unknown }) =>
        failureStatus(params.error) === 400 && fromServer(params.error).length > 0,
    },
  };
};

/**
 * The editing state's CHANGE (guarded by `isFormField`, runs the machine's `change`) and SUBMIT (valid: to
 * `submitTarget` with `showViolations` and `takeKey`; else `showViolations` only).
 */
export const editingTransitions = (submitTarget: string): NonNullable<SharedStateConfig['on']> => ({
  CHANGE: {
    guard: {
      type: 'isFormField',
      params: ({ event }: { event: { field: string } }) => ({ field: event.field }),
    },
    actions: {
      type: 'change',
      params: ({ event }: { event: { field: string; value: string } }) => ({
        field: event.field,
        value: event.value,
      }),
    },
  },
  SUBMIT: [
    { guard: 'formValid', target: submitTarget, actions: ['showViolations', 'takeKey'] },
    { actions: 'showViolations' },
  ],
});
