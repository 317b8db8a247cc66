// vitest globalSetup of the "api-postgres" project: one cluster for the run, one database per test file.
import type { TestProject } from 'vitest/node';
import { startCluster } from '../../scripts/postgres';

export default async function setup(project: TestProject) {
  const cluster = await startCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}
