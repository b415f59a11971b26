// `node scripts/make-icons.mjs`: draws the web app's PNG icons from the logo, src/app/icons/logo.svg, in Debian's
// Chromium: the manifest's icons into static/icons/ (served as they are), the apple-touch-icon into src/app/icons/
// (Parcel hashes it). The PNGs are committed; run this again only when the logo changes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const logo = readFileSync(path.join(root, 'src', 'app', 'icons', 'logo.svg'), 'utf8');

/** `any` icons are the round logo on transparency; the maskable one fills the square with the logo's green and
 * keeps the logo inside the central 80 % circle that every launcher mask leaves visible. */
const variants = [
  { file: 'static/icons/icon-192.png', size: 192, maskable: false },
  { file: 'static/icons/icon-512.png', size: 512, maskable: false },
  { file: 'static/icons/icon-maskable-512.png', size: 512, maskable: true },
  { file: 'src/app/icons/apple-touch-icon.png', size: 180, maskable: true },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (const { file, size, maskable } of variants) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const inner = maskable ? Math.round(size * 0.8) : size;
    await page.setContent(
      `<html><body style="margin:0;display:grid;place-items:center;width:${size}px;height:${size}px;` +
        `background:${maskable ? '#0b5d3b' : 'transparent'}">` +
        logo.replace('<svg ', `<svg width="${inner}" height="${inner}" `) +
        '</body></html>',
    );
    await page.screenshot({ path: path.join(root, file), omitBackground: !maskable });
    await page.close();
    console.log(`icons: wrote ${file}`);
  }
} finally {
  await browser.close();
}
