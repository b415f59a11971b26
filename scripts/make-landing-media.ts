/**
 * Makes the landing page's wordless videos and their posters from scripts/media/scenes.html: each frame drawn in
 * Chromium, encoded with ffmpeg (VP9 WebM, H.264 MP4 for older iPhones, a WebP poster), written to static/media with
 * a content hash in the name, and listed in src/screens/landing-media.ts. A designer's tool, run by hand
 * (`npx tsx scripts/make-landing-media.ts`, needs ffmpeg and Chromium); its output is committed.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  mkdtempSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';

const FPS = 20;
const scenes = ['individual', 'business', 'government', 'howItWorks'] as const;
const root = path.resolve(import.meta.dirname, '..');
const mediaDir = path.join(root, 'static', 'media');

const hashed = (file: string, stem: string, ext: string): string => {
  const hash = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 10);
  const name = `${stem}.${hash}.${ext}`;
  renameSync(file, path.join(mediaDir, name));
  return `/media/${name}`;
};

const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);

mkdirSync(mediaDir, { recursive: true });
for (const old of readdirSync(mediaDir)) rmSync(path.join(mediaDir, old));

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 480, height: 270 } });
await page.goto(pathToFileURL(path.join(root, 'scripts', 'media', 'scenes.html')).href);
const stage = page.locator('#stage');

const media: Record<string, { webm: string; mp4: string; poster: string }> = {};
for (const scene of scenes) {
  const work = mkdtempSync(path.join(tmpdir(), `media-${scene}-`));
  const seconds = await page.evaluate(
    (name) => (window as never as { sceneSeconds(n: string): number }).sceneSeconds(name),
    scene,
  );
  const frames = Math.round(seconds * FPS);
  for (let frame = 0; frame < frames; frame++) {
    await page.evaluate(
      ([name, t]) =>
        (window as never as { draw(n: string, t: number): void }).draw(name as string, t as number),
      [scene, frame / FPS] as const,
    );
    await stage.screenshot({ path: path.join(work, `${String(frame).padStart(4, '0')}.png`) });
  }
  const input = ['-framerate', String(FPS), '-i', path.join(work, '%04d.png')];
  const webm = path.join(work, 'out.webm');
  const mp4 = path.join(work, 'out.mp4');
  const poster = path.join(work, 'poster.webp');
  ffmpeg(
    ...input,
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '45',
    '-pix_fmt',
    'yuv420p',
    '-an',
    '-row-mt',
    '1',
    webm,
  );
  ffmpeg(
    ...input,
    '-c:v',
    'libx264',
    '-profile:v',
    'baseline',
    '-crf',
    '32',
    '-pix_fmt',
    'yuv420p',
    '-an',
    '-movflags',
    '+faststart',
    mp4,
  );
  // The poster is the scene's most telling moment (the end of its first movement), shown until the video plays.
  const posterFrame = path.join(work, `${String(Math.round(frames * 0.7)).padStart(4, '0')}.png`);
  ffmpeg('-i', posterFrame, '-c:v', 'libwebp', '-quality', '70', poster);
  const stem = `${scene.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  media[scene] = {
    webm: hashed(webm, stem, 'webm'),
    mp4: hashed(mp4, stem, 'mp4'),
    poster: hashed(poster, stem, 'webp'),
  };
  rmSync(work, { recursive: true });
}
await browser.close();

const listing = `// Made by scripts/make-landing-media.ts (do not edit by hand): the landing page's videos and posters in static/media.
export interface LandingVideo {
  readonly webm: string;
  readonly mp4: string;
  readonly poster: string;
}

export const landingMedia = ${JSON.stringify(media, null, 2)} as const satisfies Record<string, LandingVideo>;
`;
const listingFile = path.join(root, 'src', 'screens', 'landing-media.ts');
writeFileSync(listingFile, listing);
execFileSync('npx', ['prettier', '--write', listingFile]);
console.log(media);
