// `npm run phone-metadata`: writes src/domain/phone-metadata.json, libphonenumber-js's "min" metadata cut down to the
// countries the app offers (the seeded country list, src/server/seed/reference-data.ts). The browser's sign-up chunk
// and the server use it through src/domain/phone-numbers.ts. Run it again when the country list or libphonenumber-js
// changes (tests/domain/phone-numbers.test.ts fails until then).
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { phoneMetadataFor, type PhoneMetadata } from '../src/domain/phone-metadata-subset';
import { COUNTRIES } from '../src/server/seed/reference-data';

const full: unknown = createRequire(import.meta.url)('libphonenumber-js/metadata.min.json');
const target = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'src',
  'domain',
  'phone-metadata.json',
);
const subset = phoneMetadataFor(
  full as unknown as PhoneMetadata,
  COUNTRIES.map((country) => country.isoCode),
);
writeFileSync(target, `${JSON.stringify(subset)}\n`);
console.log(
  `phone-metadata: ${Object.keys(subset.countries).length} countries -> src/domain/phone-metadata.json`,
);
