import { persistedStore } from './persisted';

/** Whether the user said 'Not now' to the dashboard's passkey offer on this browser (issue 26). */
export const passkeyOfferStore = persistedStore('passkeyOffer', { dismissed: false }, ['dismissed']);
