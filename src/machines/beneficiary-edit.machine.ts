/**
 * The edit beneficiary dialog (spec sections 5 "Edit beneficiary", 8): the names and, for a mobile beneficiary,
 * the phone (with its 233 prefix), checked by the edit rules after the first save, then PUT EditBeneficiary with
 * the full beneficiary, or 'An error occurred while updating the beneficiary.' when that fails (the server's
 * message when it is about the beneficiary or its new number).
 *
 * States: editing (CHANGE through each input's filter; SUBMIT with the rules kept) -> saving (invoke
 * `editBeneficiary`) -> saved (final; `beneficiarySaved` { beneficiary } for the caller) | back to editing with
 * the message (400 violations under their fields). CLOSE -> closed (final; `closeDialog`), except while saving.
 * A bank beneficiary's bank and account cannot change (a different account is a new beneficiary).
 */
import { assign, fromPromise, setup } from 'xstate';
import { beneficiaryEditViolations, type BeneficiaryField } from '../domain/beneficiary';
import type { DomainMessageId } from '../domain/messages';
import type { RuleViolation } from '../domain/rule';
import type { Beneficiary, EditBeneficiaryRequest } from '../contract/beneficiary';
import { LOOKUP_STATUSES } from './beneficiary-add.form';
import { beneficiaryNameInput, beneficiaryPhoneInput, tidyBeneficiaryName } from './beneficiary-fields';
import { failureStatus, notProvided, serverMessageId } from './failure-messages';
import { changeField, formRules, type FieldFilters } from './shared/form-rules';

export interface BeneficiaryEditForm {
  firstName: string;
  middleName: string;
  lastName: string;
  /** Mobile beneficiaries: the whole number with its 233 prefix ('233241234567'); '' for a bank one. */
  phoneNumber: string;
}

export type BeneficiaryEditField = keyof BeneficiaryEditForm;

export interface BeneficiaryEditInput {
  beneficiary: Beneficiary;
}

export interface BeneficiaryEditContext {
  beneficiary: Beneficiary;
  form: BeneficiaryEditForm;
  violations: RuleViolation<BeneficiaryField>[];
  showViolations: boolean;
  error: DomainMessageId | null;
}

export type BeneficiaryEditEvent =
  { type: 'CHANGE'; field: BeneficiaryEditField; value: string } | { type: 'SUBMIT' } | { type: 'CLOSE' };

/** The edit call's body; the service adds the user. */
export type BeneficiaryEditCall = Omit<EditBeneficiaryRequest, 'userId'>;

const filters: FieldFilters<BeneficiaryEditForm> = {
  firstName: beneficiaryNameInput,
  middleName: beneficiaryNameInput,
  lastName: beneficiaryNameInput,
  phoneNumber: beneficiaryPhoneInput,
};

const isMobile = (beneficiary: Beneficiary) => beneficiary.type === 'mobile';

/** The form as it opens: the beneficiary's names and (mobile) its number with the 233 prefix. */
export const editFormOf = (beneficiary: Beneficiary): BeneficiaryEditForm => ({
  firstName: beneficiary.firstName,
  middleName: beneficiary.middleName,
  lastName: beneficiary.lastName,
  phoneNumber: isMobile(beneficiary) ? beneficiaryPhoneInput(beneficiary.phone) : '',
});

const editViolations = (context: Pick<BeneficiaryEditContext, 'beneficiary' | 'form'>) =>
  beneficiaryEditViolations({
    firstName: context.form.firstName,
    middleName: context.form.middleName,
    lastName: context.form.lastName,
    phoneNumber: isMobile(context.beneficiary) ? context.form.phoneNumber : null,
  });

const isBeneficiaryField = (field: string): field is BeneficiaryField =>
  ['form', 'firstName', 'middleName', 'lastName', 'phoneNumber'].includes(field);

export const beneficiaryEditRules = formRules({
  hasField: (context: BeneficiaryEditContext, field: string) =>
    ['firstName', 'middleName', 'lastName'].includes(field) ||
    (field === 'phoneNumber' && isMobile(context.beneficiary)),
  change: (context: BeneficiaryEditContext, field: BeneficiaryEditField, value: string) => ({
    form: changeField(context.form, filters, field, value),
  }),
  violations: editViolations,
  fieldOf: (field) => (isBeneficiaryField(field) ? field : null),
});

/** The full beneficiary as PUT EditBeneficiary takes it, with the form's names and number. */
export const editCallOf = (
  context: Pick<BeneficiaryEditContext, 'beneficiary' | 'form'>,
): BeneficiaryEditCall => ({
  id: context.beneficiary.id,
  firstName: tidyBeneficiaryName(context.form.firstName),
  middleName: tidyBeneficiaryName(context.form.middleName),
  lastName: tidyBeneficiaryName(context.form.lastName),
  motherMaidenName: context.beneficiary.motherMaidenName,
  phoneNumber: isMobile(context.beneficiary) ? context.form.phoneNumber : '',
  relationship: context.beneficiary.relationship,
});

/**
 * A failed save (400 violations are handled apart): 'An error occurred while updating the beneficiary.' (spec
 * section 8), except what the server says about the beneficiary or its new number: gone (404 'We could not find
 * that beneficiary.'), kept already (409), no account for it (404), the rail down (502), too many lookups (429).
 */
export const editFailureMessage = (error: unknown): DomainMessageId => {
  const status = failureStatus(error);
  return status !== null && (status === 409 || LOOKUP_STATUSES.includes(status))
    ? (serverMessageId(error) ?? 'beneficiary.updateFailed')
    : 'beneficiary.updateFailed';
};

export const beneficiaryEditMachine = setup({
  types: {
    context: {} as BeneficiaryEditContext,
    events: {} as BeneficiaryEditEvent,
    input: {} as BeneficiaryEditInput,
  },
  actors: {
    /** PUT api/Beneficiary/EditBeneficiary. */
    editBeneficiary: fromPromise<Beneficiary, BeneficiaryEditCall>(async () =>
      notProvided('editBeneficiary'),
    ),
  },
  guards: beneficiaryEditRules.guards,
  actions: {
    /** The caller takes the saved beneficiary (and closes the dialog). */
    beneficiarySaved: (_, _params: { beneficiary: Beneficiary }) => notProvided('beneficiarySaved'),
    closeDialog: () => notProvided('closeDialog'),
    change: assign(({ context }, params: { field: BeneficiaryEditField; value: string }) =>
      beneficiaryEditRules.changed(context, params.field, params.value),
    ),
    showViolations: assign(({ context }) => beneficiaryEditRules.submitted(context)),
    setServerViolations: assign((_, params: { error: unknown }) =>
      beneficiaryEditRules.refused(params.error),
    ),
    setFailed: assign((_, params: { error: unknown }) => ({ error: editFailureMessage(params.error) })),
    setSaved: assign((_, params: { beneficiary: Beneficiary }) => ({
      beneficiary: params.beneficiary,
      error: null,
    })),
  },
}).createMachine({
  id: 'beneficiaryEdit',
  context: ({ input }) => ({
    beneficiary: input.beneficiary,
    form: editFormOf(input.beneficiary),
    violations: [],
    showViolations: false,
    error: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: {
          guard: { type: 'isFormField', params: ({ event }) => ({ field: event.field }) },
          actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        SUBMIT: [
          { guard: 'formValid', target: 'saving', actions: 'showViolations' },
          { actions: 'showViolations' },
        ],
        CLOSE: 'closed',
      },
    },
    saving: {
      invoke: {
        id: 'editBeneficiary',
        src: 'editBeneficiary',
        input: ({ context }) => editCallOf(context),
        onDone: {
          target: 'saved',
          actions: [
            { type: 'setSaved', params: ({ event }) => ({ beneficiary: event.output }) },
            { type: 'beneficiarySaved', params: ({ event }) => ({ beneficiary: event.output }) },
          ],
        },
        onError: [
          {
            guard: { type: 'hasServerViolations', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'setServerViolations', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'editing',
            actions: { type: 'setFailed', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    saved: { type: 'final' },
    closed: { type: 'final', entry: 'closeDialog' },
  },
});

export type BeneficiaryEditMachine = typeof beneficiaryEditMachine;
