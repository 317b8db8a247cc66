// The benches' large catalogue: `npm run seed:large`'s script (scripts/seedLarge.ts) run in a
// process of its own, at `total` offers with the demo data's 2,000 among them, an outlet per
// 10 offers and a card per 500 (at least 200), into the database `env` names (DATA_DIR or
// DATABASE_URL).
import { execFileSync } from 'node:child_process';

/** `extra`: more of seedLarge's options (`--images 95`). */
export function seedOffers(total: number, env: NodeJS.ProcessEnv, extra: readonly string[] = []): void {
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/seedLarge.ts',
      '--offers',
      String(Math.max(0, total - 2000)),
      '--outlets',
      String(Math.round(total / 10)),
      '--cards',
      String(Math.max(200, Math.round(total / 500))),
      ...extra,
    ],
    { env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
}
