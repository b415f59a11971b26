// Issue 26's screens with fake services: the Passkeys page and its step-up setting, the Devices page, the step-up
// dialog (a payment's, or a security change's in words), the dashboard's offer and /LogIn's passkey button.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise, toPromise } from 'xstate';
import type { Passkey, SessionView } from '../../src/contract/passkeys';
import type { LogInAnswer } from '../../src/contract/user';
import type { SecurityChange } from '../../src/domain/passkey';
import { devicesMachine } from '../../src/machines/devices.machine';
import { passkeyLogInMachine } from '../../src/machines/passkey-log-in.machine';
import { passkeyOfferMachine } from '../../src/machines/passkey-offer.machine';
import { passkeysMachine } from '../../src/machines/passkeys.machine';
import { stepUpSettingMachine, type StepUpSettingData } from '../../src/machines/step-up-setting.machine';
import { stepUpMachine, type StepUpChallenge } from '../../src/machines/step-up.machine';
import { DevicesScreen } from '../../src/screens/devices-screen';
import { PasskeyLogInButton } from '../../src/screens/passkey-log-in-button';
import { PasskeyOfferCard } from '../../src/screens/passkey-offer-card';
import { PasskeysScreen } from '../../src/screens/passkeys-screen';
import { StepUpDialog } from '../../src/screens/step-up-dialog';
import { apiError, httpError, renderScreen } from './render';

const phone: Passkey = {
  id: 3,
  name: 'My phone',
  createdAt: '2026-11-27T10:00:00.000Z',
  lastUsedAt: null,
  backedUp: true,
};
const on: StepUpSettingData = { amountMinor: 100_000, defaultAmountMinor: 100_000, hasPasskey: true };
const declined = () => Object.assign(new Error('closed'), { name: 'NotAllowedError' });
/** Money as the screens write it, its no-break space read as a space. */
const text = (element: HTMLElement) => element.textContent?.replace(/\s/g, ' ') ?? '';

describe('the Passkeys page', () => {
  /** `refusal`: what removing a passkey and saving the setting fail with (nothing changes). */
  const renderPage = (
    addPasskey: (name: string) => Promise<Passkey>,
    refusal?: unknown,
    listed: Passkey[] = [],
  ) => {
    let list = listed;
    const saved: (number | null)[] = [];
    const passkeys = createActor(
      passkeysMachine.provide({
        actors: {
          loadPasskeys: fromPromise(async () => list),
          addPasskey: fromPromise(async ({ input }) => {
            const added = await addPasskey(input.name);
            list = [added];
            return added;
          }),
          removePasskey: fromPromise<unknown, { id: number }>(async () => {
            if (refusal) throw refusal;
            list = [];
            return null;
          }),
        },
      }),
    ).start();
    const setting = createActor(
      stepUpSettingMachine.provide({
        actors: {
          loadSetting: fromPromise(async () => on),
          saveSetting: fromPromise(async ({ input }) => {
            if (refusal) throw refusal;
            saved.push(input.amountMinor);
            return { ...on, amountMinor: input.amountMinor };
          }),
        },
      }),
    ).start();
    renderScreen(<PasskeysScreen passkeys={passkeys} stepUpSetting={setting} supported />);
    return { saved };
  };

  it('asks for a name, adds the passkey with it, lists it and removes it', async () => {
    const names: string[] = [];
    renderPage(async (name) => {
      names.push(name);
      return { ...phone, name };
    });
    expect(await screen.findByText('You have no passkey yet.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(screen.getByLabelText('Passkey name')).toHaveAccessibleDescription(
      'Please give this passkey a name.',
    );
    expect(names).toEqual([]);

    await userEvent.type(screen.getByLabelText('Passkey name'), ' My phone ');
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('Your passkey was added. Next time, log in with it.')).toBeInTheDocument();
    expect(names).toEqual(['My phone']);
    const row = (await screen.findByText('My phone')).closest('li')!;
    expect(within(row).getByText('Not used yet')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Remove My phone' }));
    expect(await screen.findByText('The passkey was removed.')).toBeInTheDocument();
    expect(await screen.findByText('You have no passkey yet.')).toBeInTheDocument();
  });

  it('a closed prompt says so, and keeps the name', async () => {
    renderPage(() => Promise.reject(declined()));
    await screen.findByText('You have no passkey yet.');
    await userEvent.type(screen.getByLabelText('Passkey name'), 'My phone');
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(
      await screen.findByText('The passkey prompt was closed before it finished. You can try again.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Passkey name')).toHaveValue('My phone');
  });

  it('the step-up amount: lowered, turned off, and a zero refused', async () => {
    const { saved } = renderPage(async () => phone);
    const section = (await screen.findByRole('heading', { name: 'Confirm large payments' })).closest(
      'section',
    )!;
    await waitFor(() =>
      expect(text(section)).toContain('Payments above GH₵ 1,000.00 ask for your passkey again.'),
    );
    const amount = within(section).getByLabelText('Ask for my passkey above (GH₵)');
    expect(amount).toHaveValue('1000.00');

    await userEvent.clear(amount);
    await userEvent.type(amount, '0');
    await userEvent.click(within(section).getByRole('button', { name: 'Save amount' }));
    expect(amount).toHaveAccessibleDescription('Please enter an amount above GH₵ 0 and up to GH₵ 100,000.');
    await userEvent.clear(amount);
    await userEvent.type(amount, '500');
    await userEvent.click(within(section).getByRole('button', { name: 'Save amount' }));
    await waitFor(() =>
      expect(text(section)).toContain('Payments above GH₵ 500.00 ask for your passkey again.'),
    );

    await userEvent.click(within(section).getByRole('button', { name: 'Turn off' }));
    expect(
      await within(section).findByText('Payments do not ask for your passkey again.'),
    ).toBeInTheDocument();
    expect(saved).toEqual([50_000, null]);
  });

  it('a removal or a turning off not confirmed with the passkey changes nothing, and says so', async () => {
    // What src/services/money-post.ts withStepUp throws when the step-up dialog was cancelled.
    const { saved } = renderPage(async () => phone, httpError(401, 'stepUp.changeCancelled'), [phone]);
    const row = (await screen.findByText('My phone')).closest('li')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Remove My phone' }));
    const notChanged = 'You did not confirm with your passkey, so nothing was changed. You can try again.';
    expect(await screen.findByText(notChanged)).toBeInTheDocument();
    expect(screen.getByText('My phone')).toBeInTheDocument();
    expect(screen.queryByText('The passkey was removed.')).not.toBeInTheDocument();

    const section = screen.getByRole('heading', { name: 'Confirm large payments' }).closest('section')!;
    await waitFor(() =>
      expect(text(section)).toContain('Payments above GH₵ 1,000.00 ask for your passkey again.'),
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Turn off' }));
    expect(await within(section).findByText(notChanged)).toBeInTheDocument();
    expect(text(section)).toContain('Payments above GH₵ 1,000.00 ask for your passkey again.');
    expect(saved).toEqual([]);
  });
});

describe('the Devices page', () => {
  const here: SessionView = {
    id: 1,
    device: { browser: 'Chrome', os: 'Android', mobile: true },
    createdAt: '2026-11-27T09:00:00.000Z',
    lastSeenAt: '2026-11-27T10:00:00.000Z',
    current: true,
    method: 'passkey',
  };
  const lost: SessionView = {
    ...here,
    id: 2,
    current: false,
    device: { browser: null, os: null, mobile: false },
  };

  it('marks this device and signs out another one', async () => {
    let sessions = [here, lost];
    const revoked: number[] = [];
    const actor = createActor(
      devicesMachine.provide({
        actors: {
          loadSessions: fromPromise(async () => sessions),
          revokeSession: fromPromise(async ({ input }) => {
            revoked.push(input.id);
            sessions = [here];
            return null;
          }),
        },
      }),
    ).start();
    renderScreen(<DevicesScreen actorRef={actor} />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Chrome on Android')).toBeInTheDocument();
    expect(within(items[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('button')).toBeNull();

    await userEvent.click(within(items[1]!).getByRole('button', { name: 'Sign out Unknown device' }));
    expect(await screen.findByText('That device was signed out.')).toBeInTheDocument();
    expect(revoked).toEqual([2]);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
  });

  it('a failed sign-out says so and keeps the list', async () => {
    const actor = createActor(
      devicesMachine.provide({
        actors: {
          loadSessions: fromPromise(async () => [here, lost]),
          revokeSession: fromPromise(() => Promise.reject(apiError({ kind: 'network' }))),
        },
      }),
    ).start();
    renderScreen(<DevicesScreen actorRef={actor} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out Unknown device' }));
    expect(
      await screen.findByText('That device could not be signed out. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('the step-up dialog', () => {
  const payment: StepUpChallenge = {
    options: { challenge: 'abc' },
    operation: { amountMinor: 150_000, beneficiary: 'Kofi Mensah (0241234567)' },
  };
  const start = (sign: () => Promise<string>, challenge = payment) =>
    createActor(
      stepUpMachine.provide({
        actors: {
          stepUpOptions: fromPromise(async () => challenge),
          signStepUp: fromPromise(sign),
        },
      }),
      { input: { refused: { path: '/api/Transaction/PayNow', body: {} } } },
    ).start();

  it('shows what is confirmed; Confirm asks the passkey and ends with the proof', async () => {
    const actor = start(async () => 'proof');
    renderScreen(<StepUpDialog actorRef={actor} />);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm with your passkey' });
    await waitFor(() =>
      expect(text(dialog)).toContain(
        'Confirm GH₵ 1,500.00 to Kofi Mensah (0241234567) with your fingerprint, face or screen lock.',
      ),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expect(toPromise(actor)).resolves.toEqual({ proof: 'proof' });
  });

  it('Cancel (or Escape) ends without a proof: stepUp.cancelled', async () => {
    const sign = vi.fn(async () => 'proof');
    const actor = start(sign);
    renderScreen(<StepUpDialog actorRef={actor} />);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm with your passkey' });
    await within(dialog).findByText(/Kofi Mensah/);
    await userEvent.keyboard('{Escape}');
    await expect(toPromise(actor)).resolves.toEqual({ messageId: 'stepUp.cancelled' });
    expect(sign).not.toHaveBeenCalled();
  });

  it.each<[SecurityChange, string]>([
    [
      { kind: 'stepUpOff' },
      'Turn off the confirmation of large payments: payments will not ask for your passkey again.',
    ],
    [
      { kind: 'stepUpRaised', amountMinor: 500_000 },
      'Ask for your passkey only for payments above GH₵ 5,000.00.',
    ],
    [{ kind: 'passkeyRemoved', name: 'Laptop' }, 'Remove the passkey “Laptop”.'],
  ])('a security change (%o) is said in words; Cancel: nothing was changed', async (change, words) => {
    const sign = vi.fn(async () => 'proof');
    const operation = { amountMinor: 0, beneficiary: 'passkey:3' };
    const actor = start(sign, { options: { challenge: 'abc' }, operation, change });
    renderScreen(<StepUpDialog actorRef={actor} />);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm with your passkey' });
    await waitFor(() =>
      expect(text(dialog)).toContain(`${words} Confirm with your fingerprint, face or screen lock.`),
    );
    expect(text(dialog)).not.toContain('passkey:3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(toPromise(actor)).resolves.toEqual({ messageId: 'stepUp.changeCancelled' });
    expect(sign).not.toHaveBeenCalled();
  });
});

describe("the dashboard's offer and the log-in's passkey button", () => {
  it("'Not now' hides the offer and remembers it", async () => {
    const remembered = vi.fn();
    const actor = createActor(
      passkeyOfferMachine.provide({
        actors: { shouldOffer: fromPromise(async () => true) },
        actions: { rememberDismissed: remembered },
      }),
    ).start();
    renderScreen(<PasskeyOfferCard actorRef={actor} />);
    const offer = await screen.findByRole('region', { name: 'Use your fingerprint or face to log in' });
    expect(within(offer).getByRole('link', { name: 'Set up a passkey' })).toHaveAttribute(
      'href',
      '/Dashboard/passkeys',
    );
    await userEvent.click(within(offer).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Use your fingerprint or face to log in' })).toBeNull();
    expect(remembered).toHaveBeenCalledTimes(1);
  });

  it('logs in with a passkey, or says the server refused it', async () => {
    const loggedIn = vi.fn();
    let answer: () => Promise<LogInAnswer> = () =>
      Promise.reject(httpError(401, 'passkey.verificationFailed'));
    const actor = createActor(
      passkeyLogInMachine.provide({
        actors: {
          autofillAvailable: fromPromise(async () => false),
          logInByAutofill: fromPromise<LogInAnswer, void>(() => new Promise(() => undefined)),
          logInWithPasskey: fromPromise<LogInAnswer, void>(() => answer()),
        },
        actions: { loggedIn: (_, params) => loggedIn(params.auth) },
      }),
    ).start();
    renderScreen(<PasskeyLogInButton actorRef={actor} />);
    await userEvent.click(screen.getByRole('button', { name: 'Log in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your passkey could not be verified. Please try again.',
    );
    expect(loggedIn).not.toHaveBeenCalled();
    answer = () => Promise.resolve({ token: 't', userDetails: { id: 7 } } as LogInAnswer);
    await userEvent.click(screen.getByRole('button', { name: 'Log in with a passkey' }));
    await waitFor(() => expect(loggedIn).toHaveBeenCalledWith({ token: 't', user: { id: 7 } }));
  });
});
