import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LandingScreen } from '../../src/screens/landing-screen';
import { Footer } from '../../src/screens/footer';
import { MENU_CLOSE_DELAY_MS, SiteMenus } from '../../src/screens/site-menus';
import { renderScreen } from './render';
import { proves } from '../support/requirements';

const HERO_ACTIONS = [
  ['Send Money', '/SendMoney'],
  ['Mobile wallet', '/Dashboard/mobileWallet'],
  ['Bank deposit', '/SendMoney'],
  ['Mobile money transfer', '/SendMoney'],
] as const;

const hero = () => screen.getByRole('heading', { level: 1 }).closest('section')!;

describe('the landing page', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('sends visitors to /LogIn from every hero action', () => {
    renderScreen(<LandingScreen signedIn={false} />);
    for (const [name] of HERO_ACTIONS)
      expect(within(hero()).getByRole('link', { name })).toHaveAttribute('href', '/LogIn');
  });

  it('sends no one to a store search for an app that is not there: no app-store links', () => {
    renderScreen(<LandingScreen signedIn={false} />);
    expect(screen.queryByRole('list', { name: 'App stores' })).toBeNull();
    expect(document.querySelector('a[href*="play.google.com"], a[href*="apps.apple.com"]')).toBeNull();
  });

  it('offers a signed-in visitor the dashboard in the bar, never sign-up', () => {
    renderScreen(<LandingScreen signedIn />);
    expect(screen.queryByRole('link', { name: 'Sign up' })).toBeNull();
    expect(document.querySelector('a[href="/SignUp"]')).toBeNull();
    expect(screen.getByRole('link', { name: /Dashboard/ })).toHaveAttribute('href', '/Dashboard');
  });

  it(proves('S4.landing.1', 'sends a signed-in user to the feature itself'), () => {
    renderScreen(<LandingScreen signedIn />);
    for (const [name, to] of HERO_ACTIONS)
      expect(within(hero()).getByRole('link', { name })).toHaveAttribute('href', to);
  });

  it('has every section of the spec, and the anchors the menus and footer point at', () => {
    renderScreen(<LandingScreen signedIn={false} />);
    for (const name of [
      'What We Do',
      'Why Choose Us',
      'Speak Your Language',
      'Security features',
      'How it works',
      'Products',
      'About Us',
    ])
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    for (const anchor of [
      'how-it-works',
      'about-us',
      'proprietary-apis',
      'data-collection',
      'database-solutions',
      'ai-solutions',
    ])
      expect(document.getElementById(anchor), anchor).not.toBeNull();
    const whyChooseUs = screen.getByRole('region', { name: 'Why Choose Us' });
    expect(
      within(whyChooseUs)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['No Hidden Charges', 'Instant Transfers', 'Protected Transactions', 'Convenient Access']);
    const about = screen.getByRole('region', { name: 'About Us' });
    for (const name of ['Our vision', 'Our mission', 'Integrity', 'Inclusion', 'Innovation', 'Care'])
      expect(within(about).getByRole('heading', { name })).toBeInTheDocument();
  });

  it('links the What We Do tiles that have a page and leaves the others as text', () => {
    renderScreen(<LandingScreen signedIn={false} />);
    const tiles = screen.getByRole('region', { name: 'What We Do' });
    expect(within(tiles).getByRole('link', { name: 'Betting & Games Fees Processing' })).toHaveAttribute(
      'href',
      '/deposit',
    );
    expect(within(tiles).getByRole('link', { name: 'Cross Border Payments' })).toHaveAttribute(
      'href',
      '/CrossBorderPayment',
    );
    expect(within(tiles).queryByRole('link', { name: 'Payment Processing' })).toBeNull();
    expect(within(tiles).getByRole('heading', { name: 'Payment Processing' })).toBeInTheDocument();
  });

  it('offers sign-up in the bar, its label kept for screen readers on small screens', () => {
    renderScreen(<LandingScreen signedIn={false} />);
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/SignUp');
    expect(screen.getByText('DOWNLOAD APP')).toBeInTheDocument();
  });

  it("puts 'Install the app' in the DOWNLOAD APP item's place, so the bar never gains a row (no layout shift)", async () => {
    const install = vi.fn(() => Promise.resolve());
    const { container } = renderScreen(<LandingScreen signedIn={false} install={install} />);
    const bar = container.querySelector('.signup-bar')!;
    expect(bar.children).toHaveLength(2);
    expect(bar.lastElementChild).toBe(screen.getByRole('button', { name: 'Install the app' }));
    await userEvent.click(screen.getByRole('button', { name: 'Install the app' }));
    expect(install).toHaveBeenCalledOnce();
  });

  it(
    proves(
      ['S4.backToTop.1', 'S9.defaults.1'],
      'shows Back to top only past 300 px of scrolling, and scrolls up smoothly',
    ),
    async () => {
      const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
      renderScreen(<LandingScreen signedIn={false} />);
      expect(screen.queryByRole('button', { name: /Back to top/ })).toBeNull();
      act(() => {
        Object.defineProperty(window, 'scrollY', { value: 300, configurable: true });
        fireEvent.scroll(window);
      });
      expect(screen.queryByRole('button', { name: /Back to top/ })).toBeNull();
      act(() => {
        Object.defineProperty(window, 'scrollY', { value: 301, configurable: true });
        fireEvent.scroll(window);
      });
      await userEvent.click(screen.getByRole('button', { name: /Back to top/ }));
      expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
      expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    },
  );

  it('jumps to the top at once for a user who asked for reduced motion', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    Object.defineProperty(window, 'scrollY', { value: 800, configurable: true });
    renderScreen(<LandingScreen signedIn={false} />);
    await userEvent.click(screen.getByRole('button', { name: /Back to top/ }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'auto' });
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});

describe('the header menus', () => {
  afterEach(() => vi.useRealTimers());

  const solutions = () => screen.getByRole('button', { name: 'Solutions' });

  it('opens Solutions on hover with its three groups, and closes 800 ms after the pointer leaves', () => {
    vi.useFakeTimers();
    renderScreen(<SiteMenus />);
    expect(solutions()).toHaveAttribute('aria-expanded', 'false');
    fireEvent.pointerEnter(solutions().parentElement!, { pointerType: 'mouse' });
    expect(solutions()).toHaveAttribute('aria-expanded', 'true');
    for (const group of ['Consumers', 'Businesses', 'Governments'])
      expect(screen.getByText(group)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Cross-border payments' })).toHaveAttribute(
      'href',
      '/CrossBorderPayment',
    );
    fireEvent.pointerLeave(solutions().parentElement!, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(MENU_CLOSE_DELAY_MS - 1));
    expect(solutions()).toHaveAttribute('aria-expanded', 'true');
    fireEvent.pointerEnter(solutions().parentElement!, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(MENU_CLOSE_DELAY_MS * 2));
    expect(solutions()).toHaveAttribute('aria-expanded', 'true');
    fireEvent.pointerLeave(solutions().parentElement!, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(MENU_CLOSE_DELAY_MS));
    expect(solutions()).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens on keyboard focus, closes with Escape (focus back on its button) and when focus leaves', async () => {
    renderScreen(<SiteMenus />);
    await userEvent.tab();
    expect(solutions()).toHaveFocus();
    expect(solutions()).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Send and receive money' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(solutions()).toHaveAttribute('aria-expanded', 'false');
    expect(solutions()).toHaveFocus();
    screen.getByRole('link', { name: 'How it works' }).focus();
    expect(solutions()).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens on the first tap of a finger (the hover and focus a tap also fires do not open it first)', () => {
    renderScreen(<SiteMenus />);
    const button = solutions();
    // Chromium's order for a tap: pointer events, the compatibility mouse events, focus, then the click.
    fireEvent.pointerEnter(button.parentElement!, { pointerType: 'touch' });
    fireEvent.pointerDown(button, { pointerType: 'touch' });
    fireEvent.mouseEnter(button.parentElement!);
    fireEvent.focus(button);
    fireEvent.pointerUp(button, { pointerType: 'touch' });
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Cross-border payments' })).toBeVisible();
    fireEvent.pointerDown(button, { pointerType: 'touch' });
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it("folds into one Menu button on a phone, its panel listing every menu's entries", async () => {
    renderScreen(<SiteMenus phoneFirst={[{ label: 'nav.dashboard', to: '/Dashboard' }]} />);
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(menu.getAttribute('aria-controls')!)!;
    expect(within(panel).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/Dashboard');
    for (const name of ['Solutions', 'Products', 'Company'])
      expect(within(panel).getByRole('region', { name })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'How it works' })).toHaveAttribute(
      'href',
      '/#how-it-works',
    );
    await userEvent.click(within(panel).getByRole('link', { name: 'Cross-border payments' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows entries without a page as text, never as dead links', () => {
    renderScreen(<SiteMenus />);
    fireEvent.focus(screen.getByRole('button', { name: 'Company' }));
    expect(screen.getByText('Careers (coming soon)').closest('a')).toBeNull();
    expect(screen.getByRole('link', { name: 'About us' })).toHaveAttribute('href', '/#about-us');
  });
});

describe('the footer', () => {
  it('links the entries that have a page and lists the others as text', () => {
    renderScreen(<Footer />);
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'Send Money' })).toHaveAttribute('href', '/SendMoney');
    expect(within(footer).getByRole('link', { name: 'Fees' })).toHaveAttribute('href', '/deposit');
    expect(within(footer).getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
      'href',
      '/TermsAndConditions',
    );
    for (const text of ['Contact Us', 'FAQ', 'Complaints Procedure', 'Privacy Policy', 'Become a Partner']) {
      expect(within(footer).getByText(text).closest('a')).toBeNull();
    }
  });
});
