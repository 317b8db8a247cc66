// `npm run uploads:to-s3`: copies the files of DATA_DIR/uploads into S3_BUCKET (README.md,
// "Running in production"), for an installation moving its uploads to object storage. Files
// already in the bucket are skipped, so it can run again after a cut; the folder is left as it
// was (remove it once the servers run with S3_BUCKET). Says what it did in a sentence.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { s3Store, typeOfName } from '../services/fileStore';

async function main(): Promise<string> {
  const config = loadConfig();
  if (!config.s3) throw new Error('S3_BUCKET is not set: say which bucket the uploads go to (see Configuration).');
  const dir = path.join(config.dataDir, 'uploads');
  const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => fs.statSync(path.join(dir, n)).isFile()) : [];
  const bucket = await s3Store(config.s3);
  let copied = 0;
  let skipped = 0;
  for (const name of names) {
    if (await bucket.has(name)) {
      skipped++;
      continue;
    }
    await bucket.put(name, fs.readFileSync(path.join(dir, name)), typeOfName(name));
    copied++;
    if (copied % 500 === 0) process.stdout.write(`${copied} copied…\n`);
  }
  return `Copied ${copied} of ${names.length} files from ${dir} to ${bucket.where} (${skipped} were there already). ${dir} is left as it was.`;
}

main().then(
  (said) => {
    process.stdout.write(`${said}\n`);
    process.exit(0);
  },
  (err: unknown) => {
    process.stderr.write(`uploads:to-s3: ${(err as Error).message}\n`);
    process.exit(1);
  },
);
