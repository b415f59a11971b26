import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { domainMessages, type DomainMessageId } from '../../src/domain/messages';
import specMessages from '../fixtures/spec-messages.json';

/*
 * Every quoted user-visible message of spec sections 5 ("Validation rules") and 8 ("The error catalogue"), one entry
 * per place the spec quotes it (tests/fixtures/spec-messages.json, extracted once from the spec: the spec is not in
 * the repository). The product says each one verbatim, and a test that triggers its condition names it.
 */

interface SpecMessage {
  text: string;
  section: 5 | 8;
  rule: string;
  id: string;
  /** The test file that triggers the condition and asserts the id or the text; null only when `unreachable`. */
  test: string | null;
  unreachable?: string;
}

const entries = specMessages as SpecMessage[];
const root = process.cwd();

const isDomainMessageId = (id: string): id is DomainMessageId => Object.hasOwn(domainMessages, id);

/** Texts the spec gives to more than one rule ('Insufficient funds'): there the test file must name the id. */
const idsOfText = new Map<string, Set<string>>();
for (const entry of entries)
  idsOfText.set(entry.text, (idsOfText.get(entry.text) ?? new Set()).add(entry.id));

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The file names the id in quotes, or (a text of one id only) quotes the whole text. */
const names = (content: string, { id, text }: SpecMessage): boolean =>
  content.includes(`'${id}'`) ||
  content.includes(`"${id}"`) ||
  (idsOfText.get(text)!.size === 1 && new RegExp(`${escaped(text)}['"\`]`).test(content));

describe('the spec’s messages (sections 5 and 8)', () => {
  it('lists the 93 distinct messages of the two sections', () => {
    expect(new Set(entries.map((entry) => entry.text)).size).toBe(93);
    expect(new Set(entries.map((entry) => entry.section))).toEqual(new Set([5, 8]));
    // One entry per rule or flow that quotes a message.
    const places = entries.map((entry) => `${entry.rule}|${entry.id}`);
    expect(new Set(places).size).toBe(places.length);
  });

  it.each(entries.map((entry) => [entry.id, entry.text, entry] as const))(
    '%s says the spec’s text verbatim: %s',
    (id, text) => {
      expect(isDomainMessageId(id)).toBe(true);
      expect(domainMessages[id as DomainMessageId]).toBe(text);
    },
  );

  it.each(
    entries.filter((entry) => entry.test !== null).map((entry) => [entry.id, entry.test!, entry] as const),
  )('%s is triggered and asserted in %s', (_, test, entry) => {
    expect(test).toMatch(/^tests\/.+\.test\.tsx?$/);
    const path = join(root, test);
    expect(existsSync(path), `${test} exists`).toBe(true);
    expect(names(readFileSync(path, 'utf8'), entry), `${test} names ${entry.id} or its text`).toBe(true);
  });

  it('has a test for every message: all of them are reachable', () => {
    expect(entries.filter((entry) => entry.test === null).map((entry) => entry.id)).toEqual([]);
    expect(entries.filter((entry) => entry.unreachable !== undefined)).toEqual([]);
  });

  it('names each id the same way wherever the spec quotes the same rule twice', () => {
    // 'Please fill all required fields.' and 'Insufficient funds' are one rule of the bank and MoMo withdrawals.
    const byText = (text: string) => [...new Set(entries.filter((e) => e.text === text).map((e) => e.id))];
    expect(byText('Please fill all required fields.')).toEqual(['withdrawal.required']);
    expect(byText('Insufficient funds').sort()).toEqual([
      'billing.insufficientFunds',
      'withdrawal.insufficientFunds',
    ]);
  });
});
