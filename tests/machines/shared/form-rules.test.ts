import { describe, expect, test } from 'vitest';
import type { RuleViolation } from '../../../src/domain/rule';
import {
  changeField,
  formRules,
  selectedId,
  type FieldFilters,
  type FormRulesOf,
  type FormState,
} from '../../../src/machines/shared/form-rules';
import { httpError } from '../../support/machine-fixtures';

interface Form {
  phone: string;
  bankId: number;
}
type Context = FormState<'phone' | 'form'> & { form: Form };

const filters: FieldFilters<Form> = { phone: (typed) => typed.replace(/\D/g, ''), bankId: selectedId };

const rules: FormRulesOf<Context, keyof Form, 'phone' | 'form'> = {
  hasField: (_, field) => field in filters,
  change: (context, field, value) => ({ form: changeField(context.form, filters, field, value) }),
  violations: (context): RuleViolation<'phone' | 'form'>[] => [
    ...(context.form.bankId === 0
      ? [{ field: 'form' as const, messageId: 'withdrawal.required' as const }]
      : []),
    ...(context.form.phone.length < 9
      ? [{ field: 'phone' as const, messageId: 'withdrawal.phone' as const }]
      : []),
  ],
  fieldOf: (field) => (field === 'momoMobileNumber' ? 'phone' : field === 'form' ? 'form' : null),
};

const start = (): Context => ({
  form: { phone: '', bankId: 0 },
  violations: [],
  showViolations: false,
  error: 'banks.loadFailed',
});

/** Change, submit, repair: the violations shown at each step. */
const shownAlongTheWay = (form: ReturnType<typeof formRules<Context, keyof Form, 'phone' | 'form'>>) => {
  let context = start();
  const shown: string[][] = [];
  const step = (change: Partial<Context>) => {
    context = { ...context, ...change };
    shown.push(context.violations.map((violation) => violation.messageId));
  };
  step(form.changed(context, 'phone', '024-12'));
  step(form.submitted(context));
  step(form.changed(context, 'bankId', '3'));
  step(form.changed(context, 'phone', '024-123-4567'));
  return { shown, context };
};

describe('form rules', () => {
  const form = formRules(rules);

  test('violations show after the first submit, then follow every change', () => {
    const { shown, context } = shownAlongTheWay(form);
    expect(shown).toEqual([[], ['withdrawal.required', 'withdrawal.phone'], ['withdrawal.phone'], []]);
    expect(context.form).toEqual({ phone: '0241234567', bankId: 3 });
    expect(context.error).toBeNull();
    expect(form.guards.formValid({ context })).toBe(true);
  });

  test('the check catches a broken variant that shows violations before the first submit', () => {
    const eager = formRules(rules);
    const broken = {
      ...eager,
      changed: (context: Context, field: keyof Form, value: string) =>
        eager.changed({ ...context, showViolations: true }, field, value),
    };
    expect(shownAlongTheWay(broken).shown[0]).not.toEqual([]);
  });

  test("the server's violations land under the form's fields; unknown fields and ids are dropped", () => {
    const refused = httpError(400, 'request.invalid', [
      { field: 'momoMobileNumber', messageId: 'withdrawal.phone' },
      { field: 'elsewhere', messageId: 'withdrawal.required' },
      { field: 'form', messageId: 'not.an.id' },
    ]);
    expect(form.refused(refused)).toEqual({
      showViolations: true,
      violations: [{ field: 'phone', messageId: 'withdrawal.phone' }],
      error: null,
    });
    expect(form.guards.hasServerViolations(null, { error: refused })).toBe(true);
    expect(
      form.guards.hasServerViolations(null, { error: httpError(400, 'withdrawal.insufficientFunds') }),
    ).toBe(false);
    expect(
      form.guards.hasServerViolations(null, {
        error: httpError(500, 'server.error', [{ field: 'form', messageId: 'withdrawal.required' }]),
      }),
    ).toBe(false);
  });

  test("the check catches a broken variant that keeps the server's field names", () => {
    const raw = formRules({ ...rules, fieldOf: (field) => field as 'phone' });
    const refused = httpError(400, 'request.invalid', [
      { field: 'momoMobileNumber', messageId: 'withdrawal.phone' },
    ]);
    expect(raw.refused(refused).violations).not.toEqual([{ field: 'phone', messageId: 'withdrawal.phone' }]);
  });

  test('fields of another form change nothing; selects keep positive integers', () => {
    expect(changeField({ phone: '1' } as Form, filters, 'amount', '5')).toEqual({ phone: '1' });
    expect(form.guards.isFormField({ context: start() }, { field: 'amount' })).toBe(false);
    expect([selectedId('3'), selectedId('0'), selectedId('-2'), selectedId('1.5'), selectedId('x')]).toEqual([
      3, 0, 0, 0, 0,
    ]);
  });
});
