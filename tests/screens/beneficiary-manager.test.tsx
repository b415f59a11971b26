import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BeneficiaryManager } from '../../src/screens/beneficiary-manager';
import { apiError, httpError } from './render';
import { fakeBeneficiaryApi, renderWithBeneficiaries } from './beneficiary-fakes';
import { mobileBeneficiary, sevenBeneficiaries } from '../support/beneficiary-fixtures';

const list = () => screen.getByRole('list', { name: 'Your beneficiaries' });
const rows = () => within(list()).getAllByRole('listitem');
const names = () =>
  rows().map((row) => row.querySelector('.beneficiary-name, .beneficiary-select')!.textContent);

describe('BeneficiaryManager', () => {
  it('lists five a page with their number or bank and masked account, and pages with Previous / Next', async () => {
    const api = fakeBeneficiaryApi(sevenBeneficiaries());
    renderWithBeneficiaries(<BeneficiaryManager />, api);
    expect(screen.getByRole('heading', { level: 1, name: 'Beneficiaries' })).toHaveFocus();
    expect(await screen.findByText('Showing 1-5 of 7')).toBeInTheDocument();
    expect(names()).toEqual(['Ama Mensah', 'Kwame Amankwah', 'Amanda Owusu', 'Yaw Asante', 'Kofi Boateng']);
    const [ama, , , , kofi] = rows();
    expect(ama).toHaveTextContent('MTN MoMo +233 24 000 0001');
    // The account is masked on screen and read out as its last four digits.
    expect(within(kofi!).getByText('GCB Bank •••• 0005')).toHaveAttribute('aria-hidden', 'true');
    expect(within(kofi!).getByText('GCB Bank, account ending 0005')).toHaveClass('visually-hidden');
    expect(within(kofi!).queryByText(/1020030000005/)).not.toBeInTheDocument();
    // Without a caller that picks, the names are plain text.
    expect(screen.queryByRole('button', { name: /^Select / })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Showing 6-7 of 7')).toBeInTheDocument();
    expect(names()).toEqual(['Ama Serwaa', 'Efua Sarpong']);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('searches by the start of the name, from the first page', async () => {
    const api = fakeBeneficiaryApi(sevenBeneficiaries());
    renderWithBeneficiaries(<BeneficiaryManager />, api);
    await screen.findByText('Showing 1-5 of 7');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const box = screen.getByRole('searchbox', { name: 'Search by name' });
    expect(box).toHaveAccessibleDescription('Shows the beneficiaries whose name starts with what you type.');
    await userEvent.type(box, 'AMA');
    // 'Kwame Amankwah' contains it but does not start with it.
    expect(names()).toEqual(['Ama Mensah', 'Amanda Owusu', 'Ama Serwaa']);
    expect(screen.getByText('Showing 1-3 of 3')).toBeInTheDocument();
    await userEvent.type(box, 'x');
    expect(screen.getByText("No beneficiary's name starts with “AMAx”.")).toBeInTheDocument();
    await userEvent.clear(box);
    expect(screen.getByText('Showing 1-5 of 7')).toBeInTheDocument();
    // The list was loaded once: the search is done in the browser.
    expect(api.calls.loads).toBe(1);
  });

  it('asks before deleting; Cancel keeps it, Delete removes it, reloads and says so', async () => {
    const api = fakeBeneficiaryApi(sevenBeneficiaries());
    renderWithBeneficiaries(<BeneficiaryManager />, api);
    await screen.findByText('Showing 1-5 of 7');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Yaw Asante' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete beneficiary' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this beneficiary?');
    expect(dialog).toHaveTextContent('Yaw Asante');
    // Cancel takes the focus, so Enter does not delete by accident.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls.deletes).toEqual([]);
    expect(screen.getByRole('button', { name: 'Delete Yaw Asante' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Yaw Asante' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls.deletes).toEqual([4]);
    expect(await screen.findByText('Showing 1-5 of 6')).toBeInTheDocument();
    expect(names()).not.toContain('Yaw Asante');
    expect(screen.getByText('Beneficiary deleted.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('heading', { level: 1, name: 'Beneficiaries' })).toHaveFocus();
    expect(api.calls.loads).toBe(2);
  });

  it('keeps the question open with the reason when the delete fails', async () => {
    const api = fakeBeneficiaryApi(sevenBeneficiaries());
    api.next.delete.push(() => Promise.reject(httpError(404, 'beneficiary.notFound')));
    renderWithBeneficiaries(<BeneficiaryManager />, api);
    await screen.findByText('Showing 1-5 of 7');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Ama Mensah' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('We could not find that beneficiary.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // The list is read again (it may have changed elsewhere).
    await waitFor(() => expect(api.calls.loads).toBe(2));
  });

  it('with onSelect, a row click or Enter / Space on its select button picks the beneficiary', async () => {
    const api = fakeBeneficiaryApi(sevenBeneficiaries());
    const onSelect = vi.fn();
    renderWithBeneficiaries(<BeneficiaryManager onSelect={onSelect} headingLevel={2} />, api);
    await screen.findByText('Showing 1-5 of 7');
    expect(screen.getByRole('heading', { level: 2, name: 'Beneficiaries' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('MTN MoMo +233 24 000 0003'));
    expect(onSelect).toHaveBeenLastCalledWith(api.list[2]);
    const select = screen.getByRole('button', { name: 'Select Kofi Boateng' });
    // Described by the bank and account as read out (the masked form is hidden from screen readers).
    expect(select).toHaveAccessibleDescription('GCB Bank, account ending 0005');
    select.focus();
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(api.list[4]);
    screen.getByRole('button', { name: 'Select Ama Mensah' }).focus();
    await userEvent.keyboard(' ');
    expect(onSelect).toHaveBeenLastCalledWith(api.list[0]);
    expect(onSelect).toHaveBeenCalledTimes(3);
    // A row's own buttons do not pick it.
    await userEvent.click(screen.getByRole('button', { name: 'Edit Ama Mensah' }));
    expect(onSelect).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('dialog', { name: 'Edit Ama Mensah' })).toBeInTheDocument();
  });

  it('edits a beneficiary in its dialog; the list shows the change', async () => {
    const api = fakeBeneficiaryApi(sevenBeneficiaries());
    renderWithBeneficiaries(<BeneficiaryManager />, api);
    await screen.findByText('Showing 1-5 of 7');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Ama Mensah' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Ama Mensah' });
    const last = within(dialog).getByLabelText('Last name');
    await userEvent.clear(last);
    await userEvent.type(last, 'Boakye');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Ama Boakye')).toBeInTheDocument();
    expect(screen.getByText('Beneficiary updated.')).toBeInTheDocument();
    // The focus is back on the row's edit button.
    expect(screen.getByRole('button', { name: 'Edit Ama Boakye' })).toHaveFocus();
  });

  it('adds a beneficiary from its button; it shows in the list behind the dialog', async () => {
    const api = fakeBeneficiaryApi([mobileBeneficiary(1)]);
    renderWithBeneficiaries(<BeneficiaryManager />, api);
    await screen.findByText('Showing 1-1 of 1');
    await userEvent.click(screen.getByRole('button', { name: 'Add Beneficiary' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Beneficiary' });
    // The names typed are the holder's the lookup finds (a mismatch would ask to save the holder's name instead).
    await userEvent.type(within(dialog).getByLabelText('First name'), 'Ama');
    await userEvent.type(within(dialog).getByLabelText('Last name'), 'Mensah');
    await userEvent.type(within(dialog).getByLabelText('MoMo number'), '0551234567');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Beneficiary added successfully.')).toBeInTheDocument();
    expect(await screen.findByText('Showing 1-2 of 2')).toBeInTheDocument();
    expect(screen.getByText('Beneficiary added.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Beneficiary' })).toHaveFocus();
  });

  it('says it is loading, then that there is none yet', async () => {
    const api = fakeBeneficiaryApi([]);
    let release: () => void = () => undefined;
    api.next.load.push(() => new Promise((resolve) => (release = () => resolve([]))));
    renderWithBeneficiaries(<BeneficiaryManager />, api);
    expect(await screen.findByText('Loading your beneficiaries…')).toBeInTheDocument();
    release();
    expect(
      await screen.findByText('You have no beneficiaries yet. Add one to send money to them.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your beneficiaries' })).not.toBeInTheDocument();
  });

  it.each([
    [apiError({ kind: 'network' }), 'An error occurred while fetching beneficiaries.'],
    [httpError(502, 'unknown.id'), 'Failed to fetch beneficiaries.'],
  ])('says why the list could not be loaded (%s) and tries again', async (error, message) => {
    const api = fakeBeneficiaryApi([mobileBeneficiary(1)]);
    api.next.load.push(() => Promise.reject(error));
    renderWithBeneficiaries(<BeneficiaryManager />, api);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Showing 1-1 of 1')).toBeInTheDocument();
  });
});
