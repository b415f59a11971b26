// The web app manifest is linked by the app once idle (src/app/offline/web-app-manifest.ts), exactly once.
import { afterEach, describe, expect, it } from 'vitest';
import { linkManifest, MANIFEST_URL } from '../../src/app/offline/web-app-manifest';

const manifestLinks = () => document.head.querySelectorAll('link[rel="manifest"]');

afterEach(() => {
  for (const link of manifestLinks()) link.remove();
});

describe('linkManifest', () => {
  it('links the manifest in the head', () => {
    linkManifest();
    expect([...manifestLinks()].map((link) => link.getAttribute('href'))).toEqual([MANIFEST_URL]);
  });

  it('links it once however often it is asked', () => {
    linkManifest();
    linkManifest();
    expect(manifestLinks()).toHaveLength(1);
  });
});
