import type { Bank } from '../../contract/reference';
import { SelectField, type SelectFieldProps } from './select-field';

/** The bank choice: `placeholder` while none is chosen (id 0), then the bank's id; required. */
export function BankSelectField({
  banks,
  bankId,
  placeholder,
  ...props
}: Omit<SelectFieldProps, 'value' | 'options'> & {
  banks: readonly Bank[];
  bankId: number;
  placeholder: string;
}) {
  return (
    <SelectField
      required
      value={bankId > 0 ? String(bankId) : ''}
      options={[
        { value: '', label: placeholder },
        ...banks.map((bank) => ({ value: String(bank.id), label: bank.name })),
      ]}
      {...props}
    />
  );
}
