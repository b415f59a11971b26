import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddBeneficiaryDialog } from '../../src/screens/add-beneficiary-dialog';
import { apiError, httpError } from './render';
import { fakeBeneficiaryApi, renderWithBeneficiaries } from './beneficiary-fakes';

const open = (api = fakeBeneficiaryApi()) => {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const view = renderWithBeneficiaries(
    <AddBeneficiaryDialog open onClose={onClose} onSaved={onSaved} />,
    api,
  );
  const dialog = screen.getByRole('dialog', { name: 'Add Beneficiary' });
  return { api, onClose, onSaved, dialog, view };
};

const fillMobile = async (dialog: HTMLElement) => {
  await userEvent.type(within(dialog).getByLabelText('First name'), 'Ama');
  await userEvent.type(within(dialog).getByLabelText('Last name'), 'Mensah');
  await userEvent.type(within(dialog).getByLabelText('MoMo number'), '024 123 4567');
};

afterEach(() => vi.useRealTimers());

describe('AddBeneficiaryDialog', () => {
  it('renders nothing while closed', () => {
    renderWithBeneficiaries(
      <AddBeneficiaryDialog open={false} onClose={() => undefined} onSaved={() => undefined} />,
      fakeBeneficiaryApi(),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens on the mobile tab with labelled fields and the +233 number', () => {
    const { dialog } = open();
    const mobileTab = within(dialog).getByRole('tab', { name: 'Mobile wallet' });
    expect(mobileTab).toHaveAttribute('aria-selected', 'true');
    // The dialog's first control takes the focus.
    expect(mobileTab).toHaveFocus();
    expect(within(dialog).getByRole('tabpanel')).toHaveAccessibleName('Mobile wallet');
    const phone = within(dialog).getByLabelText('MoMo number');
    expect(phone).toHaveValue('');
    expect(phone).toHaveAccessibleDescription(
      'The number after +233, for example 24 123 4567 or 024 123 4567.',
    );
    expect(within(dialog).getByText('+233')).toHaveAttribute('aria-hidden', 'true');
    for (const label of [
      'First name',
      'Middle name (optional)',
      'Last name',
      "Mother's maiden name (optional)",
      'Relationship (optional)',
    ])
      expect(within(dialog).getByLabelText(label)).toBeInTheDocument();
  });

  it('shows the rules after the first Save, under their fields, and follows every change', async () => {
    const { dialog, api } = open();
    const first = within(dialog).getByLabelText('First name');
    // Only letters and spaces are kept.
    await userEvent.type(first, 'Ama3!');
    expect(first).toHaveValue('Ama');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Beside the fields it is about, marked, the first of them focused: not on top, out of sight (issue 23).
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    for (const label of ['Last name', 'MoMo number']) {
      const field = within(dialog).getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(/Please fill out all required fields\./);
    }
    expect(first).not.toHaveAttribute('aria-invalid');
    await vi.waitFor(() => expect(within(dialog).getByLabelText('Last name')).toHaveFocus());
    await userEvent.type(within(dialog).getByLabelText('Last name'), 'Abenaakosuaserwaa');
    const phone = within(dialog).getByLabelText('MoMo number');
    await userEvent.type(phone, '24 123');
    expect(phone).toHaveAccessibleDescription(/Enter a Valid phone number\./);
    expect(within(dialog).getByLabelText('Last name')).toHaveAccessibleDescription('Last Name too long.');
    await userEvent.type(phone, ' 4567');
    expect(phone).toHaveValue('241234567');
    expect(phone).not.toHaveAttribute('aria-invalid');
    expect(api.calls.lookups).toEqual([]);
  });

  it("looks the holder's name up and asks '<Name>: is this who you mean?' before saving; Back keeps the form", async () => {
    const { dialog, api, onSaved, onClose } = open();
    await fillMobile(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const question = await within(dialog).findByText('Ama Mensah: is this who you mean?');
    expect(question.closest('.dialog-step')).toHaveFocus();
    // The number being saved is shown with the name.
    expect(within(dialog).getByText('MoMo +233 24 123 4567')).toBeInTheDocument();
    expect(api.calls.lookups).toEqual([{ type: 'mobile', phoneCode: '+233', phoneNumber: '241234567' }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByLabelText('MoMo number')).toHaveValue('241234567');
    await vi.waitFor(() => expect(within(dialog).getByLabelText('First name')).toHaveFocus());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Beneficiary added successfully.');
    expect(api.calls.creates).toEqual([
      {
        type: 'mobile',
        request: {
          firstName: 'Ama',
          middleName: '',
          lastName: 'Mensah',
          motherMaidenName: '',
          phoneCode: '+233',
          phoneNumber: '241234567',
          relationship: '',
        },
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith(api.list[0]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("asks again when another holder answers: saves the holder's name, or goes back; never the typed name", async () => {
    const api = fakeBeneficiaryApi();
    api.next.lookup.push(() => Promise.resolve({ accountName: 'Kwaku Agyeman' }));
    api.next.lookup.push(() => Promise.resolve({ accountName: 'Kwaku Agyeman' }));
    const { dialog } = open(api);
    await userEvent.type(within(dialog).getByLabelText('First name'), 'Kofi');
    await userEvent.type(within(dialog).getByLabelText('Last name'), 'Boateng');
    await userEvent.type(within(dialog).getByLabelText('MoMo number'), '024 123 4567');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Kwaku Agyeman: is this who you mean?')).toBeInTheDocument();
    expect(within(dialog).getByText(/You typed Kofi Boateng/)).toBeInTheDocument();
    // No Confirm that would save 'Kofi Boateng' under Kwaku Agyeman's number.
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByLabelText('First name')).toHaveValue('Kofi');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Save as Kwaku Agyeman' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Beneficiary added successfully.');
    expect(api.calls.creates).toHaveLength(1);
    expect(api.calls.creates[0]!.request).toMatchObject({ firstName: 'Kwaku', lastName: 'Agyeman' });
  });

  it("says 'This Beneficiary already exists!' on a 409 and keeps the form", async () => {
    const api = fakeBeneficiaryApi();
    api.next.create.push(() => Promise.reject(httpError(409, 'beneficiary.exists')));
    const { dialog, onSaved } = open(api);
    await fillMobile(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This Beneficiary already exists!');
    expect(within(dialog).getByLabelText('First name')).toHaveValue('Ama');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it.each([
    [httpError(500), 'Error creating beneficiary'],
    [apiError({ kind: 'network' }), 'Something went wrong, please try again.'],
  ])('says why the create failed (%s)', async (error, message) => {
    const api = fakeBeneficiaryApi();
    api.next.create.push(() => Promise.reject(error));
    const { dialog } = open(api);
    await fillMobile(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  });

  it('says when nobody holds the number, and saves nothing', async () => {
    const api = fakeBeneficiaryApi();
    api.next.lookup.push(() => Promise.reject(httpError(404, 'beneficiary.noAccount')));
    const { dialog } = open(api);
    await fillMobile(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'No account was found for this number. Please check it and try again.',
    );
    expect(api.calls.creates).toEqual([]);
  });

  it('adds a bank beneficiary: the arrow keys switch tabs, the banks load, the account keeps digits', async () => {
    const api = fakeBeneficiaryApi();
    // The bank writes its holders' names in capitals: the same person.
    api.next.lookup.push(() => Promise.resolve({ accountName: 'KOFI BOATENG' }));
    const { dialog } = open(api);
    within(dialog).getByRole('tab', { name: 'Mobile wallet' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    const bankTab = within(dialog).getByRole('tab', { name: 'Bank account' });
    expect(bankTab).toHaveAttribute('aria-selected', 'true');
    expect(bankTab).toHaveFocus();
    const bank = await within(dialog).findByLabelText('Bank');
    expect(
      within(bank)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a bank', 'GCB Bank', 'Ecobank Ghana']);
    expect(within(dialog).queryByLabelText('MoMo number')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('First name'), 'Kofi');
    await userEvent.type(within(dialog).getByLabelText('Last name'), 'Boateng');
    await userEvent.selectOptions(bank, 'Ecobank Ghana');
    const account = within(dialog).getByLabelText('Account number');
    await userEvent.type(account, '1020-3004-0056');
    expect(account).toHaveValue('102030040056');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Ecobank Ghana, account 102030040056')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await within(dialog).findByText('Beneficiary added successfully.');
    expect(api.calls.lookups).toEqual([{ type: 'bank', bankId: 3, accountNo: '102030040056' }]);
    expect(api.list[0]).toMatchObject({ type: 'bank', bankName: 'Ecobank Ghana', fullName: 'Kofi Boateng' });
  });

  it('closes by itself 3 s after saving', async () => {
    const { dialog, onClose, onSaved } = open();
    await fillMobile(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const confirm = await within(dialog).findByRole('button', { name: 'Confirm' });
    // From here the clock is fake (the 3 s timer starts when the beneficiary is saved) and moves only when told.
    vi.useFakeTimers();
    fireEvent.click(confirm);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(within(dialog).getByText('Beneficiary added successfully.')).toBeInTheDocument();
    expect(within(dialog).getByText('This window closes in a few seconds.')).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(onClose).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Cancel and Escape close it without saving', async () => {
    const { dialog, onClose, api, view } = open();
    await userEvent.type(within(dialog).getByLabelText('First name'), 'Ama');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    view.unmount();
    const second = open(api);
    await userEvent.click(within(second.dialog).getByRole('button', { name: 'Cancel' }));
    expect(second.onClose).toHaveBeenCalledTimes(1);
    expect(api.calls.lookups).toEqual([]);
  });
});
