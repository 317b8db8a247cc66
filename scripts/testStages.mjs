// The summary `npm test` and `npm run test:quick` print at their end (scripts/stages.sh):
// each stage's time, exit status and test counts, read from the stages file the script wrote
// and the JSON reports of vitest and Playwright. Plain Node, no TypeScript: it runs when a
// stage has failed too.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '.test-results';
const file = path.join(dir, 'stages.tsv');
if (!fs.existsSync(file)) process.exit(0);

const rows = fs
  .readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const [name, seconds, rc, report] = line.split('\t');
    return { name, seconds: Number(seconds), rc: Number(rc), counts: countsOf(report) };
  });

const total = rows.reduce((s, r) => s + r.seconds, 0);
const width = Math.max(...rows.map((r) => r.name.length), 5);
console.log('\n== stages');
for (const r of rows)
  console.log(
    `${r.name.padEnd(width)}  ${clock(r.seconds).padStart(6)}  ${r.rc === 0 ? 'ok    ' : `FAILED`}  ${r.counts ?? ''}`,
  );
console.log(`${'total'.padEnd(width)}  ${clock(total).padStart(6)}`);

/** "4,747 passed, 6 skipped" from a vitest or Playwright JSON report; undefined when there is none. */
function countsOf(report) {
  if (!report || report === '-' || !fs.existsSync(report)) return undefined;
  let json;
  try {
    json = JSON.parse(fs.readFileSync(report, 'utf8'));
  } catch {
    return 'report unreadable';
  }
  const n = json.stats
    ? // Playwright: expected = passed, unexpected = failed.
      { passed: json.stats.expected + json.stats.flaky, failed: json.stats.unexpected, skipped: json.stats.skipped }
    : { passed: json.numPassedTests, failed: json.numFailedTests, skipped: json.numPendingTests + json.numTodoTests };
  return Object.entries(n)
    .filter(([k, v]) => v > 0 || k === 'passed')
    .map(([k, v]) => `${v.toLocaleString('en')} ${k}`)
    .join(', ');
}

function clock(s) {
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
