// After Parcel: copies static/ (files served as they are: the landing page's media, made by
// scripts/make-landing-media.ts) into dist/. Their names carry a content hash, so they are cached for a year.
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function copyStatic(distDir = path.join(root, 'dist')) {
  const staticDir = path.join(root, 'static');
  if (existsSync(staticDir)) cpSync(staticDir, distDir, { recursive: true });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) copyStatic();
