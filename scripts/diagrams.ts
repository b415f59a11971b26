/**
 * `npm run diagrams`: writes docs/machines/<name>.md (Mermaid) for every machine of src/machines, and a README; and
 * docs/traceability.md and .json (as `npm run trace` does), which name the machines' guarded transitions.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DIAGRAMS_DIR, generateMachineDocs } from './diagram-generator';
import { buildTrace, TRACE_JSON, TRACE_MD, traceJson, traceMarkdown } from './trace-generator';

const root = process.cwd();
const dir = join(root, DIAGRAMS_DIR);
const docs = await generateMachineDocs(root);
mkdirSync(dir, { recursive: true });
for (const stale of readdirSync(dir).filter((file) => file.endsWith('.md') && !docs.has(file))) {
  rmSync(join(dir, stale));
  console.log(`removed ${DIAGRAMS_DIR}/${stale}`);
}
for (const [file, text] of docs) {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  writeFileSync(join(dir, file), text);
}
console.log(`wrote ${docs.size} files to ${DIAGRAMS_DIR}/`);
const trace = await buildTrace(root);
writeFileSync(join(root, TRACE_MD), traceMarkdown(trace));
writeFileSync(join(root, TRACE_JSON), traceJson(trace));
console.log(
  `wrote ${TRACE_MD} and ${TRACE_JSON} (${trace.gaps.length} gaps without a reason: npm run trace lists them)`,
);
