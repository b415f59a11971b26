import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadEnglish } from '../../src/i18n/english';

// Routes are lazy chunks: the first visit of one in a test process transforms its whole module graph, which takes
// more than testing-library's default second on a busy 2-core machine. What should fail still fails, after 5 s.
configure({ asyncUtilTimeout: 5_000 });

// Screens render with every English message, as each route's chunk brings them (src/i18n/english.ts); what the
// public pages have before it is tested on its own (tests/i18n/public-english.test.tsx).
beforeAll(() => loadEnglish().then(() => undefined));

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  });
});
