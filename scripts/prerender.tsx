// The build's second step (`npm run build`, scripts/build-if-needed.mjs), after parcel has written dist/:
// 1. renders the public pages (/, /LogIn, /SignUp, /TermsAndConditions) signed out and in English from the app's own
//    components into dist/pages/*.html (the browser hydrates them, src/app/boot.tsx), each twice: with the cookie
//    banner, and without it for a visitor who answered it (*.answered.html); lists them in dist/prerendered.json for
//    the server (src/server/plugins/static-files.ts), which picks the variant by the userConsent cookie;
//    with the stylesheet inline (its CSP hash in dist/inline-styles.json);
// 2. puts the favicon inline, renders the offline page (dist/offline.html), writes dist/robots.txt;
// 3. builds the service worker (src/app/offline/service-worker.ts) into dist/sw.js with this build's precache list;
// and writes the .gz and .br copies the server sends to browsers that accept them. Run with NODE_ENV=production.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { StrictMode, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { build } from 'esbuild';
import { CompositionRoot } from '../src/app/composition-root';
import { MANIFEST_URL } from '../src/app/offline/web-app-manifest';
import { PRERENDERED_ATTRIBUTE, ROUTE_CHUNKS_ATTRIBUTE } from '../src/app/prerendered-attributes';
import { AppRoutes } from '../src/app/routes';
import { routeKey } from '../src/domain/route-key';
import { I18nProvider, loadEnglish } from '../src/i18n/i18n';
import { OfflineScreen } from '../src/screens/offline-screen';
import { INLINE_HASH_FILES } from '../src/server/plugins/static-files';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');

/** The public pages: what a visitor's phone downloads first. */
export const publicPages = [
  { path: '/', file: 'pages/landing.html', chunks: /^landing-route\./ },
  { path: '/LogIn', file: 'pages/log-in.html', chunks: /^log-in-route\./ },
  { path: '/SignUp', file: 'pages/sign-up.html', chunks: /^sign-up-route\./ },
  { path: '/TermsAndConditions', file: 'pages/terms.html', chunks: /^(terms-screen|english-catalog)\./ },
] as const;
const OFFLINE_PAGE = 'offline.html';
/** The variant of a page for a visitor who answered the cookie banner. */
const answeredFile = (file: string): string => file.replace(/\.html$/, '.answered.html');
/** The app (src/app/boot.tsx) and the lazy chunks of the public pages, precached so those also hydrate and work
 * offline (by Parcel's bundle names): the terms come with every English message (src/i18n/english-catalog.ts),
 * sign-up's phone field with its formatter (src/screens/phone-format.ts). Each comes with the bundles Parcel fetches
 * beside it (`precachedScripts`), whatever those are named after. */
const PUBLIC_CHUNKS =
  /^(boot|live-app-actors|landing-route|log-in-route|log-in-actors|sign-up-route|sign-up-actors|terms-screen|english-catalog|phone-format)\.[0-9a-f]{8,}\.js$/;

/** Parcel's bundle ids and file names, from the manifest in the entry script: `Object.assign(r.i??={},{id:"x.js"})`. */
const bundleManifest = (code: string): Map<string, string> => {
  const manifest = /Object\.assign\(\w+\.i\?\?=\{\},\{([^}]*)\}\)/.exec(code);
  if (!manifest?.[1])
    throw new Error("no Parcel bundle manifest in the entry script: Parcel's output has changed");
  const entries = [...manifest[1].matchAll(/"?([\w$]+)"?:"([^"]+\.js)"/g)];
  return new Map(entries.map((entry) => [entry[1] as string, entry[2] as string]));
};

interface ImportGroup {
  /** The bundles Parcel fetches together for one import(): `Promise.all([t("a"),t("b")])` or `t("a")`. */
  bundles: string[];
  /** The module the import() asks for, run once they are in: `.then(()=>r("m"))`. */
  module: string;
}

const importGroups = (code: string): ImportGroup[] =>
  [
    ...code.matchAll(
      /exports=(?:Promise\.all\(\[((?:\w\("[\w$]+"\),?)+)\]\)|(\w\("[\w$]+"\)))\.then\(\(\)=>\w\("([\w$]+)"\)\)/g,
    ),
  ].map((match) => ({
    bundles: [...(match[1] ?? match[2] ?? '').matchAll(/"([\w$]+)"/g)].map((id) => id[1] as string),
    module: match[3] as string,
  }));

/**
 * The public pages' scripts, and every bundle Parcel loads together with one of them: a chunk of modules they share
 * with other routes is named after one of those (`password-reset-routes.1a2b3c4d.js`, say). An import() belongs to
 * the public pages when the bundle that defines the module it asks for is one of theirs.
 */
const precachedScripts = (scripts: readonly string[], entryScript: string): string[] => {
  const code = new Map<string, string>();
  const read = (name: string): string => {
    const text = code.get(name) ?? readFileSync(path.join(dist, name), 'utf8');
    code.set(name, text);
    return text;
  };
  const names = bundleManifest(read(entryScript));
  const definesModule = (file: string, module: string) => read(file).includes(`("${module}",function`);
  const publicScripts = scripts.filter((name) => PUBLIC_CHUNKS.test(name));
  const wanted = new Set(publicScripts);
  for (const name of scripts) {
    for (const group of importGroups(read(name))) {
      const files = group.bundles.map((id) => names.get(id));
      if (files.some((file) => file === undefined))
        throw new Error(`${name} imports a bundle Parcel's manifest lacks`);
      const target = files.find((file) => file && definesModule(file, group.module));
      if (!target) throw new Error(`${name}: no bundle of an import() defines its module ${group.module}`);
      if (PUBLIC_CHUNKS.test(target)) for (const file of files) if (file) wanted.add(file);
    }
  }
  if (wanted.size <= publicScripts.length)
    throw new Error("no public page's import() found in the scripts: Parcel's output has changed");
  return [...wanted].sort();
};

const compressedCopies = (file: string, content: Buffer | string): void => {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
};

const writeOut = (relative: string, content: string): void => {
  const file = path.join(dist, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  compressedCopies(file, content);
};

const toText = async (stream: NodeJS.ReadableStream): Promise<string> => {
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    stream.pipe(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
        final(done) {
          resolve();
          done();
        },
      }),
    );
    stream.on('error', reject);
  });
  return Buffer.concat(chunks).toString('utf8');
};

const inEnglish = (children: ReactNode) => (
  <StrictMode>
    <I18nProvider initialLanguage="en">{children}</I18nProvider>
  </StrictMode>
);

/**
 * The page as the signed-out English visitor's browser would first render it, every lazy part included: with the
 * cookie banner for a visitor who has not answered it, without for one who has (the server picks by the cookie).
 */
const renderPage = async (location: string, consentCookies: string): Promise<string> => {
  const { prelude } = await prerenderToNodeStream(
    inEnglish(
      <StaticRouter location={location}>
        <CompositionRoot live={false} consentCookies={consentCookies}>
          <AppRoutes />
        </CompositionRoot>
      </StaticRouter>,
    ),
    // React 19.2 moves a large Suspense boundary's content to the end of the page, put in place by an inline script:
    // the CSP forbids inline scripts, and without JavaScript the content would stay hidden. Every boundary in place.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return toText(prelude);
};

/** The app's entry script as Parcel links it: `<script type=module src=/main.1a2b3c4d.js fetchpriority=low></script>`. */
const ENTRY_SCRIPT = /<script type="?module"? src="?\/([^"\s>]+\.js)"?[^>]*><\/script>/;

const cspHash = (text: string): string => `sha256-${createHash('sha256').update(text).digest('base64')}`;

/**
 * The entry script (1.7 KB: Parcel's runtime and bundle manifest, and the start of src/app/main.tsx) as the text of an
 * inline module. Fetched, it was one more request before the largest paint on a slow connection (about 150 ms of
 * Lighthouse's simulated LCP). Inline, its import() resolves against the page's address, not the script's: Parcel's
 * relative bundle base becomes the site's root, so /login/ still finds /boot.1a2b3c4d.js.
 */
const inlinedEntryScript = (code: string): string => {
  const relativeImports = code.split('import("./"+').length - 1;
  if (relativeImports !== 1)
    throw new Error(
      `the entry script has ${relativeImports} import("./"+...), not 1: Parcel's output has changed`,
    );
  if (/<\/script|<!--|<script/i.test(code)) throw new Error('the entry script cannot be inlined as it is');
  return code.replace('import("./"+', 'import("/"+');
};

/** Parcel's minifier drops the quotes: `<div id=root></div>`. */
const EMPTY_ROOT = /<div id="?root"?><\/div>/;

/** Parcel's minifier drops the quotes: `<link rel=icon href=/logo.1a2b3c4d.svg type=image/svg+xml>`. */
const SVG_ICON_LINK = /<link rel="?icon"? href="?\/([^"\s>]+\.svg)"?/;

/**
 * The favicon, a 300-byte SVG, inline as a data: URL: a browser asks for it as soon as the page is parsed, one more
 * request sharing a slow connection with the first paint.
 */
const withInlineIcon = (html: string): string => {
  const icon = SVG_ICON_LINK.exec(html);
  if (!icon?.[1]) throw new Error('dist/index.html links no SVG icon');
  const svg = readFileSync(path.join(dist, icon[1]));
  return html.replace(
    icon[0],
    () => `<link rel=icon href="data:image/svg+xml;base64,${svg.toString('base64')}"`,
  );
};

const main = async () => {
  // Every English message: the pages are rendered as the browser shows them once the route's chunk is in.
  await loadEnglish();
  const built = readFileSync(path.join(dist, 'index.html'), 'utf8');
  if (!EMPTY_ROOT.test(built)) throw new Error('dist/index.html has no empty <div id="root">');
  // The web app manifest (static/manifest.webmanifest, copied as it is) is linked by the app once the page is idle.
  const template = withInlineIcon(built);
  writeOut('index.html', template);

  // The public pages carry the stylesheet and the app's entry script inline: their first paint needs one request, the
  // page itself. The CSP allows exactly these texts by their hashes (dist/inline-*.json, read by the server).
  const stylesheet = /<link rel="?stylesheet"? href="?\/([^"\s>]+\.css)"?>/.exec(template);
  if (!stylesheet?.[1]) throw new Error('dist/index.html links no stylesheet');
  const css = readFileSync(path.join(dist, stylesheet[1]), 'utf8');
  const entry = ENTRY_SCRIPT.exec(template);
  if (!entry?.[1]) throw new Error('dist/index.html has no entry script');
  const entryScript = entry[1];
  const inlineEntry = inlinedEntryScript(readFileSync(path.join(dist, entryScript), 'utf8'));
  const pageTemplate = template
    .replace(stylesheet[0], () => `<style>${css}</style>`)
    .replace(entry[0], () => `<script type=module>${inlineEntry}</script>`);
  writeOut(INLINE_HASH_FILES.styles, JSON.stringify([cspHash(css)]));
  writeOut(INLINE_HASH_FILES.scripts, JSON.stringify([cspHash(inlineEntry)]));

  const scripts = readdirSync(dist).filter((name) => /\.[0-9a-f]{8,}\.js$/.test(name));
  for (const page of publicPages) {
    const routeChunks = scripts
      .filter((name) => page.chunks.test(name))
      .map((name) => `/${name}`)
      .join(' ');
    if (!routeChunks) throw new Error(`no chunk of ${page.path} in dist (${String(page.chunks)})`);
    for (const [file, cookies] of [
      [page.file, ''],
      [answeredFile(page.file), 'userConsent=true'],
    ] as const) {
      const html = await renderPage(page.path, cookies);
      writeOut(
        file,
        pageTemplate.replace(
          EMPTY_ROOT,
          // inert until the app has taken the page over (src/app/boot.tsx): a form must not be sent, nor a control
          // used, before the code behind it runs.
          () =>
            `<div id="root" ${PRERENDERED_ATTRIBUTE}="${page.path}" ${ROUTE_CHUNKS_ATTRIBUTE}="${routeChunks}" inert>${html}</div>`,
        ),
      );
    }
  }
  writeOut(
    'prerendered.json',
    JSON.stringify(
      Object.fromEntries(
        publicPages.map((page) => [
          routeKey(page.path),
          { unanswered: page.file, answered: answeredFile(page.file) },
        ]),
      ),
    ),
  );

  // The offline page needs no script: the stylesheet and a way back.
  const offline = renderToStaticMarkup(inEnglish(<OfflineScreen />));
  writeOut(
    OFFLINE_PAGE,
    template
      .replace(/<script\b[^>]*><\/script>/g, '')
      .replace(/<noscript>.*?<\/noscript>/s, '')
      .replace(EMPTY_ROOT, () => `<div id="root">${offline}</div>`),
  );
  writeOut('robots.txt', 'User-agent: *\nAllow: /\nDisallow: /api/\n');

  // The shell's own files (script, stylesheet, touch icon), as index.html links them.
  const linked = [...template.matchAll(/\b(?:href|src)="?(\/[^"\s>]+)/g)].map((match) => match[1] as string);
  const chunks = precachedScripts(scripts, entryScript).map((name) => `/${name}`);
  // The landing page's video posters (static/media, copied by scripts/copy-static.mjs); never the videos.
  const mediaDir = path.join(dist, 'media');
  const posters = existsSync(mediaDir)
    ? readdirSync(mediaDir)
        .filter((name) => /\.(webp|avif|jpe?g|png)$/i.test(name))
        .map((name) => `/media/${name}`)
    : [];
  const pages = publicPages.map((page) => page.path);
  const precache = [
    ...new Set([...pages, `/${OFFLINE_PAGE}`, MANIFEST_URL, ...linked, ...chunks, ...posters]),
  ];
  const version = createHash('sha256');
  for (const file of [
    ...publicPages.map((page) => page.file),
    OFFLINE_PAGE,
    MANIFEST_URL,
    ...linked,
    ...chunks,
    ...posters,
  ]) {
    const full = path.join(dist, file.replace(/^\//, ''));
    version.update(file);
    if (existsSync(full)) version.update(readFileSync(full));
  }
  const manifest = {
    version: version.digest('hex').slice(0, 16),
    precache,
    pages,
    offlinePage: `/${OFFLINE_PAGE}`,
  };
  const worker = await build({
    entryPoints: [path.join(root, 'src', 'app', 'offline', 'service-worker.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    define: { __SW_MANIFEST__: JSON.stringify(manifest) },
  });
  const code = worker.outputFiles[0]?.text;
  if (!code) throw new Error('esbuild wrote no service worker');
  writeOut('sw.js', code);
  console.log(
    `prerender: ${publicPages.length} pages, offline page, sw.js (cache ${manifest.version}, ${precache.length} files)`,
  );
};

await main();
