// Every English message, its own chunk (named for the service worker's precache list: scripts/prerender.tsx).
export { messages } from './locales/en/messages.json';
