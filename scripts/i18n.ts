/**
 * `npm run i18n` (extract, compile, check), or one step: `npm run i18n:extract`, `i18n:compile`, `i18n:check`.
 * How translators and developers use them: README, "Translations".
 */
import { check, compile, extract, formatReport, problemCount } from './i18n-catalogs';

const steps = process.argv.slice(2);
const run = steps.length > 0 ? steps : ['extract', 'compile', 'check'];

for (const step of run) {
  if (step === 'extract') {
    extract();
    console.log('i18n: catalogs brought up to date with English (src/i18n/locales/*/messages.po)');
  } else if (step === 'compile') {
    compile();
    console.log('i18n: compiled src/i18n/locales/*/messages.json');
  } else if (step === 'check') {
    const reports = check();
    for (const report of reports) console.log(formatReport(report));
    const failing = reports.filter((report) => report.shipped && problemCount(report) > 0);
    if (failing.length > 0) {
      console.error(
        `i18n: shipped languages with work left: ${failing.map((report) => report.locale).join(', ')}`,
      );
      process.exit(1);
    }
  } else {
    console.error(`i18n: unknown step "${step}" (extract, compile or check)`);
    process.exit(2);
  }
}
