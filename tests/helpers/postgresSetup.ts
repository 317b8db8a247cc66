// vitest globalSetup of the "api-postgres" project: one cluster for the run, one database per
// test file. The migrations run once, into a template database; each file's database is a
// copy of it (CREATE DATABASE … TEMPLATE, tests/helpers/app.ts), not migrated again.
import type { TestProject } from 'vitest/node';
import { startCluster } from '../../scripts/postgres';
import { openDb } from '../../server/db/connection';
import { migrate } from '../../server/db/migrate';

/** The migrated template's name; no one stays connected to it (a copy needs it unused). */
const TEMPLATE = 'migrated_template';

export default async function setup(project: TestProject) {
  const cluster = await startCluster();
  try {
    const admin = await openDb({ databaseUrl: cluster.url });
    await admin.read((tx) => tx.query(`create database ${TEMPLATE}`));
    await admin.close();
    const template = await openDb({ databaseUrl: cluster.url.replace(/\/postgres$/, `/${TEMPLATE}`) });
    await migrate(template);
    await template.close();
  } catch (err) {
    cluster.stop();
    throw err;
  }
  project.provide('postgresUrl', cluster.url);
  project.provide('postgresTemplate', TEMPLATE);
  return () => cluster.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** A migrated database to copy per test file. */
    postgresTemplate: string;
  }
}
