// The audit log's commands: Revert (the History panel's and the log's button), and the two ways
// into the log from anywhere: "Show changes by…" (a person) and "Show changes to this record".
import { revertAudit } from '@contract/audit';
import { userResource, type AdminUser } from '@contract/user';
import { revertEntry, type AuditEntry } from './auditApi';
import { resourceClient } from '@/api/resourceClient';
import { defineCommand, type Command, type Ctx } from '@/commands/types';
import { go } from '@/store/navigate';
import { auditPath } from './filters';
import { AUDIT_VIEW } from './entry';

const group = 'Audit log';
const users = resourceClient<AdminUser>(userResource);

/** The record open in a list screen's pane (its view), with its type. */
function openRecord(ctx: Ctx): { resource: string; id: number } | null {
  const id = ctx.list?.state.route.openId ?? null;
  const resource = ctx.cursor?.resource;
  return ctx.view !== AUDIT_VIEW && ctx.mode === 'view' && id !== null && resource ? { resource, id } : null;
}

const isEntry = (v: unknown): v is AuditEntry => typeof v === 'object' && v !== null && 'revertible' in v;

export const auditCommands: Command[] = [
  defineCommand<AuditEntry>({
    id: 'audit.revert',
    title: 'Revert change',
    group,
    aliases: ['undo change', 'roll back', 'restore'],
    scope: 'global',
    // It needs the entry: the History panel's and the log's buttons give it.
    palette: false,
    // Admins alone (the call names no permission: contract/roles.ts), so the others see no Revert.
    needs: { op: revertAudit },
    // A 409 (the record changed since) rejects with the server's sentence, which the runner toasts.
    async run(_ctx, entry) {
      if (!isEntry(entry)) return undefined;
      const res = await revertEntry(entry.id);
      return { message: res.message };
    },
  }),
  defineCommand<number>({
    id: 'audit.showBy',
    title: 'Show changes by…',
    group,
    aliases: ['audit log by', 'who changed', 'activity of'],
    keywords: ['history', 'person', 'admin', 'actor', 'edits'],
    scope: 'global',
    pick: {
      placeholder: 'Whose changes?',
      async load(search, signal) {
        const res = await users.list({ query: search || undefined, page: 1, per_page: 20 }, { signal });
        return res.data.map((u) => ({ key: String(u.id), label: u.name, hint: `${u.email} · ${u.role}`, value: u.id }));
      },
    },
    run: (_ctx, actor) => go(auditPath({ actor: String(actor) })),
  }),
  {
    id: 'audit.showRecord',
    title: 'Show changes to this record',
    group,
    aliases: ['audit log of record', 'record history'],
    keywords: ['history', 'who changed', 'edits'],
    scope: 'global',
    enabled: (ctx) => openRecord(ctx) !== null,
    run: (ctx) => {
      const r = openRecord(ctx);
      if (r) go(auditPath({ resource: r.resource, record_id: String(r.id) }));
    },
  },
];
