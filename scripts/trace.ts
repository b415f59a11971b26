/** `npm run trace`: writes docs/traceability.md and docs/traceability.json (scripts/trace-generator.ts); exit 1 on a gap. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTrace, TRACE_JSON, TRACE_MD, traceJson, traceMarkdown } from './trace-generator';

const root = process.cwd();
const trace = await buildTrace(root);
writeFileSync(join(root, TRACE_MD), traceMarkdown(trace));
writeFileSync(join(root, TRACE_JSON), traceJson(trace));
const problems = (Object.entries(trace.problems) as [string, string[]][]).flatMap(([kind, list]) =>
  list.map((item) => `${kind}: ${item}`),
);
console.log(
  `wrote ${TRACE_MD} and ${TRACE_JSON}: ${trace.requirements.length} requirements, ${trace.gaps.length} gaps without a reason`,
);
for (const gap of trace.gaps) console.log(`  gap: ${gap.id} has no ${gap.column} and no reason`);
for (const problem of problems) console.log(`  problem: ${problem}`);
if (trace.gaps.length > 0 || problems.length > 0) process.exitCode = 1;
