/** English, the source language: its compiled catalog is in the main bundle; other languages load on demand. */
import type { Messages } from '@lingui/core';
import english from './locales/en/messages.json';

/** Every message id: the keys of the compiled English catalog, so an unknown id is a type error. */
export type MessageId = keyof typeof english.messages;

export const enCatalog = english.messages as unknown as Messages;
