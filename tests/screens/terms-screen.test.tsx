import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TermsScreen } from '../../src/screens/terms-screen';
import { renderScreen } from './render';

const SECTIONS = [
  'Acceptance of these terms',
  'Our services',
  'Your responsibilities',
  'Payments and fees',
  'Privacy',
  'Limitation of liability',
];

describe('the terms and conditions page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the six sections of the spec in order, each numbered, under the page title', () => {
    renderScreen(<TermsScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(SECTIONS.map((name, index) => `${index + 1}. ${name}`));
    for (const name of SECTIONS) {
      const section = screen.getByRole('region', { name: new RegExp(name) });
      expect(within(section).getAllByRole('paragraph').length).toBeGreaterThan(0);
    }
  });

  it('lists the sections as links to their anchors', () => {
    renderScreen(<TermsScreen />);
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(contents).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(SECTIONS);
    for (const link of links) {
      const target = document.querySelector(link.getAttribute('href')!);
      expect(target?.tagName).toBe('SECTION');
    }
  });

  it('prints through the browser when asked', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderScreen(<TermsScreen />);
    await userEvent.click(screen.getByRole('button', { name: 'Print these terms' }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});
