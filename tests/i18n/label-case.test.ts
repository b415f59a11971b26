/**
 * One rule for the English words' case (issue 23: 'Title Case in some labels only'; docs/decisions.md): every
 * label, button, heading, menu entry and message is in sentence case (its first word capitalised, the others not),
 * except the words the spec gives, kept as it writes them ('Send Money', 'Billing Details', 'Search By Reference
 * Number'), and proper names and abbreviations ('Ghana Card', 'MoMo', 'GH₵').
 */
import { describe, expect, it } from 'vitest';
import { readCatalog } from '../../scripts/i18n-catalogs';
import specLabels from '../fixtures/spec-labels.json';
import specMessages from '../fixtures/spec-messages.json';

/**
 * The labels the spec gives with a capital inside (tests/fixtures/spec-labels.json, extracted once from the spec:
 * the spec is not in the repository) and its quoted messages (spec-messages.json): kept word for word.
 */
const SPEC_WORDS = new Set([...specLabels.map((label) => label.text), ...specMessages.map((m) => m.text)]);

/**
 * Names, and abbreviations written in capitals. 'Dashboard' is the page the spec's button names ('Dashboard');
 * 'Terms and Conditions' and 'Treasure Shop' are the names the spec gives a document and a page.
 */
const PROPER_NAMES = [
  'Cedi Wallet',
  'Ghana Card',
  'Republic of Ghana',
  'Terms and Conditions',
  'Treasure Shop',
  'Google Play',
  'App Store',
  'South African',
  'Dashboard',
  'Ghana',
  'Ghanaian',
  'Africa',
  'African',
  'MoMo',
  'MTN',
  'AirtelTigo',
  'Telecel',
  'Visa',
  'Mastercard',
  'Verve',
  'PostgreSQL',
  'WebP',
  'Twi',
  'Wi-Fi',
  'Idempotency-Key',
  // The Bank of Ghana's tier names (docs/compliance.md).
  'Minimum',
  'Medium',
  'Enhanced',
  ...['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October'],
  ...['November', 'December'],
];

/** Messages that name a control or a page of the app by its label, or repeat the spec's sibling words. */
const NAMING_A_LABEL: Record<string, string> = {
  'crossBorder.sendFromWallet': "names the form's field 'From'",
  'mail.newSignIn.notYou': "names the account's page 'Devices'",
  'bettingHistory.empty':
    "the betting history's empty state says what the spec gives the billing history's ('No Billing History Found')",
};

/** A word of capitals, digits and signs ('ID', 'SMS', 'GH₵', 'APIs', 'E.164'): an abbreviation, kept as it is. */
const ABBREVIATION = /^[A-Z][A-Z0-9₵.&-]*s?$/;

/** ICU arguments and their branches ('{count, plural, one {…}}', '{title}'): data, not the message's own words. */
const withoutArguments = (text: string): string => {
  let rest = text;
  for (let previous = ''; previous !== rest;) {
    previous = rest;
    rest = rest.replace(/\{[^{}]*\}/g, ' ');
  }
  return rest;
};

/** The words of `text` that break the rule: a capital past a sentence's first word, not a name or abbreviation. */
const caseBreaks = (text: string): string[] => {
  if (SPEC_WORDS.has(text)) return [];
  let rest = withoutArguments(text);
  // The spec's labels and the names, longest first, wherever they stand in a longer text.
  const kept = [...SPEC_WORDS, ...PROPER_NAMES]
    .filter((words) => words.includes(' ') || PROPER_NAMES.includes(words))
    .sort((a, b) => b.length - a.length);
  for (const words of kept) rest = rest.split(words).join(' · ');
  // A sentence starts a text, follows . ! ? : or a list's ' / ', or opens a bracket.
  return rest.split(/[.!?:;]\s+|\s\/\s|\(|['‘"“]|\n|·|—|–/).flatMap((sentence) =>
    sentence
      .trim()
      .split(/\s+/)
      .slice(1)
      .filter((word) => /^\p{Lu}/u.test(word) && !ABBREVIATION.test(word.replace(/[,)’'"”]+$/, ''))),
  );
};

describe('the English words’ case (issue 23)', () => {
  it('tells a Title Case label from sentence case, and keeps the spec’s words and names', () => {
    expect(caseBreaks('Mobile Wallet')).toEqual(['Wallet']);
    expect(caseBreaks('Data Collection')).toEqual(['Collection']);
    expect(caseBreaks('Mobile wallet')).toEqual([]);
    expect(caseBreaks('Send Money')).toEqual([]);
    expect(caseBreaks('Search By Reference Number')).toEqual([]);
    expect(caseBreaks('Visit the Treasure Shop')).toEqual([]);
    expect(caseBreaks('Verify your Ghana Card')).toEqual([]);
    expect(caseBreaks('Prices in GH₵ at 1 GHS = {rate} USD')).toEqual([]);
    expect(caseBreaks('Not accepted. Reason: {reason}')).toEqual([]);
    expect(caseBreaks('Saved. Go To Dashboard')).toEqual(['To']);
  });

  it('has every English message in sentence case, but for the spec’s words and names', () => {
    const breaks = [...readCatalog('en').values()]
      .filter((entry) => !entry.obsolete && !Object.hasOwn(NAMING_A_LABEL, entry.id))
      .flatMap((entry) => {
        const words = caseBreaks(entry.text);
        return words.length > 0 ? [`${entry.id}: ${entry.text} (${words.join(', ')})`] : [];
      });
    expect(breaks).toEqual([]);
  });

  it('keeps each label the spec gives, word for word', () => {
    const texts = [...readCatalog('en').values()].map((entry) => entry.text);
    expect(specLabels.filter((label) => !texts.some((text) => text.includes(label.text)))).toEqual([]);
  });

  it('lists only exceptions that are still needed', () => {
    const catalog = readCatalog('en');
    for (const id of Object.keys(NAMING_A_LABEL))
      expect(caseBreaks(catalog.get(id)?.text ?? ''), id).not.toEqual([]);
  });

  it("names the 1% fee one way: 'Processing fee (1%)', never 'Fee (1%)'", () => {
    const onePercent = [...readCatalog('en').values()].filter((entry) => entry.text.includes('(1%)'));
    expect(onePercent.length).toBeGreaterThan(0);
    expect(
      onePercent.filter((entry) => entry.text !== 'Processing fee (1%)').map((entry) => entry.id),
    ).toEqual([]);
  });
});
