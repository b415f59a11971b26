// The build's copy step (`npm run build`, scripts/build-if-needed.mjs): files served as they are, without Parcel
// (the web app manifest and its icons, whose names the installed app keeps, and the landing page's media with a
// content hash in their names, made by scripts/make-landing-media.ts), from static/ into dist/.
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'static');
if (existsSync(source)) cpSync(source, path.join(root, 'dist'), { recursive: true });
