// vitest globalSetup of the "process" project: one migrated PGlite DATA_DIR for the run (a
// server started on a fresh folder with the test admin and no demo data, then stopped
// cleanly), which the files copy instead of each migrating its own (tests/process/server.ts,
// `migratedDataDir`). A start on a copy is healthy in a third of a fresh start's time. The
// tests whose subject is the first start itself (a fresh folder, the migrations) keep a fresh one.
import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { spawnServer, tempDir } from './server';

export default async function setup(project: TestProject) {
  const dir = tempDir('process-template');
  const s = await spawnServer({ DATA_DIR: dir });
  const started = await s.healthy(180_000).catch((err: unknown) => err);
  const code = await s.stop();
  if (started instanceof Error) throw started;
  // A clean stop: the database closed (checkpointed) and the folder's lock released.
  if (code !== 0) throw new Error(`the template server did not stop cleanly (exit ${code}):\n${s.output()}`);
  project.provide('processTemplate', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite DATA_DIR with tests/process/server.ts's ADMIN, no demo data, no server on it. */
    processTemplate: string;
  }
}
