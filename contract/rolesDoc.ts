// contract/roles.md, generated from the operations and the roles (contract/roles.ts), so the
// table and the server cannot disagree: every cell is `mayRun`'s answer, the one the server
// gives (server/http/authGuard.ts) and tests/api/roles.test.ts checks cell by cell.
// `npm run api:doc` writes it with contract/api.md; a test fails when it is out of date.
import type { AnyOp } from './operation';
import { PERMISSIONS, ROLE_LABELS, ROLE_PERMISSIONS, ROLES, STAFF_ROLES, mayRun, type Permission } from './roles';

const HEADER = `# Who may run what

Generated from contract/operations.ts and contract/roles.ts by \`npm run api:doc\` (a test fails
when it is out of date). ✓ the role may run the call; — the server answers 403 with a sentence
naming what the role may not do ("A viewer may not change offers.").

- Every staff role (admin, editor, reviewer, viewer) reads everything under /admin/v1, but people's
  e-mail addresses and phone numbers (users, contact messages, feedback, the audit log, the search)
  whole only with \`people.read\`; the others read them masked (\`v•••@example.com\`, contract/people.ts).
- A list of people is exported through its export call (\`people.export\`), masked as the role reads
  it; every export leaves an audit entry (who, how many rows, which filters).
- A write under /admin/v1 names a permission; a staff role runs it when it holds that permission.
- Public calls and a signed-in account's own calls (its profile) are open to every role.
- Every staff role keeps its own saved views (\`savedView.own\`), as an account its own profile.
- App users (\`user\`) run no call under /admin/v1.
`;

export function rolesDoc(operations: readonly AnyOp[]): string {
  const out = [HEADER, '## Permissions\n', `| permission | lets a role | ${STAFF_ROLES.join(' | ')} |`];
  out.push(`|---|---|${STAFF_ROLES.map(() => '---|').join('')}`);
  for (const [p, what] of Object.entries(PERMISSIONS))
    out.push(
      `| ${p} | ${what} | ${STAFF_ROLES.map((r) => mark(ROLE_PERMISSIONS[r].includes(p as Permission))).join(' | ')} |`,
    );
  out.push('');
  const tags = [...new Set(operations.map((op) => op.tag))];
  const roles = ROLES.map((r) => ROLE_LABELS[r].one);
  for (const tag of tags) {
    out.push(
      `## ${tag}\n`,
      `| call | permission | ${roles.join(' | ')} |`,
      `|---|---|${ROLES.map(() => '---|').join('')}`,
    );
    for (const op of operations.filter((o) => o.tag === tag))
      out.push(
        `| ${op.method} ${op.path} (${op.id}) | ${permissionOf(op)} | ${ROLES.map((r) => mark(mayRun(r, op))).join(' | ')} |`,
      );
    out.push('');
  }
  return out.join('\n');
}

const mark = (yes: boolean) => (yes ? '✓' : '—');

function permissionOf(op: AnyOp): string {
  if (op.access === 'public') return 'public';
  if (op.access === 'user') return 'signed in';
  if (op.method === 'GET' || op.readOnly) return 'staff (reads)';
  return op.permission ?? 'admins only';
}
