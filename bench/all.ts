// `npm run bench [-- --quick]`: every figure of issue 12's targets, one
// `NAME: ours=… baseline=… ratio=…` line each, from the benches run one after another
// (never at once: each times its own work on a machine it has to itself), then issue 22's
// mixed load (a table, then the same lines: cache on against off). The lists take every
// argument (--offers, --postgres…), the others only --quick (the mixed load: 20 admins × 15 s
// instead of 50 × 120 s). Each also runs alone: bench:lists, bench:bytes, bench:browser,
// bench:mixed.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const quick = args.includes('--quick') ? ['--quick'] : [];
const BENCHES: [string, string[]][] = [
  ['bench/lists.ts', args],
  ['bench/bytes.ts', quick],
  ['bench/browser.ts', quick],
  ['bench/mixed.ts', quick.length ? ['--seconds', '15', '--clients', '20'] : []],
];
let failed = 0;
for (const [file, given] of BENCHES) {
  console.log(`\n== ${file}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', file, ...given], { stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
