import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CookieBanner } from '../../src/screens/cookie-banner';
import { SessionEndingDialog } from '../../src/screens/session-ending-dialog';
import { Modal } from '../../src/screens/ui/modal';
import { apiError, auth, fakeCookieConsent, fakeSession, httpError, renderScreen } from './render';

describe('CookieBanner', () => {
  it.each([
    ['Accept', true],
    ['Decline', false],
  ] as const)('%s stores %s and hides the banner', async (button, consent) => {
    const { actor, stored } = fakeCookieConsent(null);
    renderScreen(
      <CookieBanner actorRef={actor} undecidedBeforeActor={false} send={(event) => actor.send(event)} />,
    );
    const banner = screen.getByRole('region', { name: 'Cookie consent' });
    await userEvent.click(buttonIn(banner, button));
    expect(stored).toEqual([consent]);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });

  it('is not shown once the visitor has decided', () => {
    const { actor } = fakeCookieConsent(false);
    renderScreen(<CookieBanner actorRef={actor} undecidedBeforeActor send={(event) => actor.send(event)} />);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });

  it('before the consent actor exists, shows as the cookie says and hands an answer on', async () => {
    const sent: unknown[] = [];
    const { unmount } = renderScreen(
      <CookieBanner actorRef={null} undecidedBeforeActor={false} send={(event) => sent.push(event)} />,
    );
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
    unmount();
    renderScreen(<CookieBanner actorRef={null} undecidedBeforeActor send={(event) => sent.push(event)} />);
    await userEvent.click(buttonIn(screen.getByRole('region', { name: 'Cookie consent' }), 'Decline'));
    expect(sent).toEqual([{ type: 'DECLINE' }]);
  });

  it('hides at the tap, while the answer still waits for the consent actor to be stored', async () => {
    const sent: unknown[] = [];
    renderScreen(<CookieBanner actorRef={null} undecidedBeforeActor send={(event) => sent.push(event)} />);
    await userEvent.click(buttonIn(screen.getByRole('region', { name: 'Cookie consent' }), 'Accept'));
    expect(sent).toEqual([{ type: 'ACCEPT' }]);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });
});

function buttonIn(region: HTMLElement, name: string) {
  return [...region.querySelectorAll('button')].find((button) => button.textContent === name)!;
}

describe('SessionEndingDialog', () => {
  it("shows 'Token expired. Logging you out...' when the token is refused", async () => {
    const { actor } = fakeSession({
      auth: auth(),
      validationInterval: 5,
      validateToken: () => Promise.reject(httpError(401, 'auth.required')),
    });
    renderScreen(<SessionEndingDialog session={actor} />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Token expired. Logging you out...' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
  });

  it("shows 'Network connection issue. Logging you out...' when the server cannot be reached", async () => {
    const { actor } = fakeSession({
      auth: auth(),
      validationInterval: 5,
      validateToken: () => Promise.reject(apiError({ kind: 'network' })),
    });
    renderScreen(<SessionEndingDialog session={actor} />);
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'Network connection issue. Logging you out...',
    );
  });

  it('shows nothing while the session is fine', async () => {
    const validateToken = vi.fn(() => Promise.resolve({ valid: true }));
    const { actor } = fakeSession({ auth: auth(), validationInterval: 5, validateToken });
    renderScreen(<SessionEndingDialog session={actor} />);
    await waitFor(() => expect(validateToken.mock.calls.length).toBeGreaterThan(1));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('Modal', () => {
  it('keeps Tab inside, closes on Escape and gives focus back', async () => {
    const onClose = vi.fn();
    renderScreen(
      <>
        <button type="button">outside</button>
        <Modal title="Confirm" onClose={onClose}>
          <button type="button">first</button>
          <button type="button">last</button>
        </Modal>
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Confirm' });
    expect(screen.getByRole('button', { name: 'first' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'last' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'first' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'last' })).toHaveFocus();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('returns focus to where it was when it closes', () => {
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    const { unmount } = renderScreen(
      <Modal title="Note">
        <button type="button">ok</button>
      </Modal>,
    );
    expect(screen.getByRole('button', { name: 'ok' })).toHaveFocus();
    act(() => unmount());
    expect(outside).toHaveFocus();
    outside.remove();
  });
});
