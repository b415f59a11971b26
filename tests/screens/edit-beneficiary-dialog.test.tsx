import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Beneficiary } from '../../src/contract/beneficiary';
import { EditBeneficiaryDialog } from '../../src/screens/edit-beneficiary-dialog';
import { apiError, httpError } from './render';
import { fakeBeneficiaryApi, renderWithBeneficiaries } from './beneficiary-fakes';
import { bankBeneficiary, mobileBeneficiary } from '../support/beneficiary-fixtures';

const open = (beneficiary: Beneficiary) => {
  const api = fakeBeneficiaryApi([beneficiary]);
  const onClose = vi.fn();
  const onSaved = vi.fn();
  renderWithBeneficiaries(
    <EditBeneficiaryDialog beneficiary={beneficiary} onClose={onClose} onSaved={onSaved} />,
    api,
  );
  return {
    api,
    onClose,
    onSaved,
    dialog: screen.getByRole('dialog', { name: `Edit ${beneficiary.fullName}` }),
  };
};

describe('EditBeneficiaryDialog', () => {
  it("opens with the beneficiary's names and number, the first name focused", () => {
    const { dialog } = open(mobileBeneficiary(1, 'Ama', 'Mensah', { middleName: 'Kɔfi' }));
    expect(within(dialog).getByLabelText('First name')).toHaveValue('Ama');
    expect(within(dialog).getByLabelText('First name')).toHaveFocus();
    expect(within(dialog).getByLabelText('Middle name (optional)')).toHaveValue('Kɔfi');
    expect(within(dialog).getByLabelText('Last name')).toHaveValue('Mensah');
    expect(within(dialog).getByLabelText('MoMo number')).toHaveValue('240000001');
  });

  it('shows the edit rules under their fields after Save and focuses the first one broken', async () => {
    const { dialog, api } = open(mobileBeneficiary(1));
    const first = within(dialog).getByLabelText('First name');
    await userEvent.clear(first);
    const phone = within(dialog).getByLabelText('MoMo number');
    await userEvent.clear(phone);
    await userEvent.type(phone, '24123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(first).toHaveAccessibleDescription('First name cannot be empty');
    expect(phone).toHaveAccessibleDescription(/Enter a valid phone number$/);
    await waitFor(() => expect(first).toHaveFocus());
    await userEvent.type(first, 'Abena');
    expect(first).not.toHaveAttribute('aria-invalid');
    expect(api.calls.edits).toEqual([]);
  });

  it('shows a name saved before the rules (with a hyphen) as broken at the first Save', async () => {
    const { dialog } = open(mobileBeneficiary(3, 'Ama-Lee', 'Mensah'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByLabelText('First name')).toHaveAccessibleDescription(
      'First name cannot contain numbers or special characters',
    );
  });

  it('saves the full beneficiary with its new names and number', async () => {
    const ama = mobileBeneficiary(1, 'Ama', 'Mensah', { motherMaidenName: 'Owusu', relationship: 'Sister' });
    const { dialog, api, onSaved } = open(ama);
    const last = within(dialog).getByLabelText('Last name');
    await userEvent.clear(last);
    await userEvent.type(last, 'Boakye');
    const phone = within(dialog).getByLabelText('MoMo number');
    await userEvent.clear(phone);
    await userEvent.type(phone, '055 123 4567');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(api.calls.edits).toEqual([
      {
        id: 1,
        firstName: 'Ama',
        middleName: '',
        lastName: 'Boakye',
        motherMaidenName: 'Owusu',
        phoneNumber: '233551234567',
        relationship: 'Sister',
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith(api.list[0]);
    expect(api.list[0]).toMatchObject({ fullName: 'Ama Boakye', phone: '+233551234567' });
  });

  it.each([
    [httpError(500), 'An error occurred while updating the beneficiary.'],
    [apiError({ kind: 'network' }), 'An error occurred while updating the beneficiary.'],
    [httpError(404, 'beneficiary.notFound'), 'We could not find that beneficiary.'],
  ])('says why the save failed (%s)', async (error, message) => {
    const { dialog, api, onSaved } = open(bankBeneficiary(5));
    api.next.edit.push(() => Promise.reject(error));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("shows a bank beneficiary's bank and account without letting them change", () => {
    const { dialog } = open(bankBeneficiary(5));
    expect(within(dialog).queryByLabelText('MoMo number')).not.toBeInTheDocument();
    expect(within(dialog).getByText('GCB Bank, account ending 0005')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'The bank and the account number cannot be changed. To pay another account, add a new beneficiary.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /account/i })).not.toBeInTheDocument();
  });

  it.each([['Escape'], ['Cancel']])('%s closes it without saving', async (how) => {
    const { dialog, onClose, api } = open(mobileBeneficiary(1));
    await userEvent.type(within(dialog).getByLabelText('Last name'), 'x');
    if (how === 'Escape') await userEvent.keyboard('{Escape}');
    else await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(api.calls.edits).toEqual([]);
  });
});
