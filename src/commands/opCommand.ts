// Commands made from operations (contract/operation.ts). `opCommand` turns a call into a
// command: its input comes from the context (the highlighted record, the palette's
// argument); the runner toasts the server's message; the stores of the resources the call
// touches refresh by themselves (src/store/touched.ts). `derivedCommands` goes further: an
// operation that carries a `command` hint becomes a command with no code of its own — the
// record from the cursor (or a search in the palette), one body field asked in the palette as a
// choice, or the fields its hint's `ask` names typed one page after another.
import type { TSchema } from '@sinclair/typebox';
import { addDays, dubaiDay } from '@contract/dubaiTime';
import type { AnyOp, CommandAsk, OpOutput } from '@contract/operation';
import { call, type CallInput } from '../api/call';
import { filterChoices } from '../api/resourceClient';
import { isSearchType } from '../api/search';
import { formatDay } from '../lib/format';
import { openPalette } from '../store/ui';
import { recordPicker } from './recordPicker';
import type { Command, Ctx, PickItem, Picker, Scope } from './types';

interface OpCommandOptions<O extends AnyOp> {
  /** Default: the operation's id. */
  id?: string;
  /** Default: the operation's command hint, else its summary. */
  title?: string;
  /** Default: the operation's tag ('Cards'). */
  group?: string;
  keywords?: readonly string[];
  shortcut?: string;
  scope: Scope;
  enabled?(ctx: Ctx): boolean;
  /** The call's input from the context and the palette's argument; undefined: nothing to do. */
  input(ctx: Ctx, arg: unknown): CallInput<O> | undefined;
  /** A palette page asking for the argument `input` receives. */
  pick?: Picker;
  messages?: Command['messages'];
  /** After the call succeeded (e.g. put the returned record in place). */
  after?(output: OpOutput<O>, ctx: Ctx): void;
}

export function opCommand<O extends AnyOp>(op: O, o: OpCommandOptions<O>): Command {
  return {
    id: o.id ?? op.id,
    title: o.title ?? op.command?.title ?? op.summary,
    group: o.group ?? op.tag,
    keywords: [...(o.keywords ?? op.command?.keywords ?? [])],
    shortcut: o.shortcut,
    scope: o.scope,
    enabled: o.enabled,
    pick: o.pick,
    messages: o.messages,
    // Who may run it is the operation's own rule (contract/roles.ts mayRun), as on the server.
    needs: { op },
    async run(ctx, arg) {
      const input = o.input(ctx, arg);
      if (!input) return undefined;
      const output = await call(op, input);
      o.after?.(output, ctx);
      return output;
    },
  };
}

/** Where a resource's records are listed, so a derived command knows its screen's scope. */
interface ResourceView {
  resource: string;
  view: string;
}

/**
 * A command for every operation with a `command` hint. Its record is the highlighted one
 * on the resource's screen (scope `view:<screen>`), or found in the palette elsewhere; a
 * body of one field with fixed choices (a flag, an enum) is asked on a palette page, and the
 * fields the hint's `ask` names are asked one page each (`askingCommands`). Operations whose
 * input needs more than that get a hand-written `opCommand`.
 */
export function derivedCommands(ops: readonly AnyOp[], views: readonly ResourceView[]): Command[] {
  return ops.flatMap((op) => {
    if (!op.command) return [];
    const view = views.find((v) => v.resource === op.resource)?.view;
    const needsId = !!op.params?.properties.id;
    if (op.command.ask?.length) return askingCommands(op, op.command.ask, view);
    const field = bodyChoice(op);
    if (op.body && !field) return []; // more than one choice to ask: not derivable
    if (needsId && !view && field) return []; // a record and a choice: two questions, not derivable
    const idFrom = (ctx: Ctx) => (ctx.cursor && ctx.cursor.resource === op.resource ? ctx.cursor.id : undefined);
    const scope: Scope = needsId && view ? `view:${view}` : 'global';
    if (needsId && !view && !(op.resource && isSearchType(op.resource))) return [];
    const pickRecord =
      needsId && !view && op.resource && isSearchType(op.resource)
        ? recordPicker(op.resource, `${op.command.title.replace(/…$/, '')}: which record?`)
        : undefined;
    return [
      opCommand(op, {
        scope,
        shortcut: op.command.shortcut,
        enabled:
          needsId && view ? (ctx) => idFrom(ctx) !== undefined && ctx.mode !== 'edit' && ctx.mode !== 'add' : undefined,
        pick: field ? choicePicker(field.name, field.choices) : pickRecord,
        input(ctx, arg) {
          const id = needsId ? (idFrom(ctx) ?? pickedId(arg)) : undefined;
          if (needsId && id === undefined) return undefined;
          const input: Record<string, unknown> = {};
          if (needsId) input.params = { id };
          if (field) input.body = { [field.name]: arg };
          return input as CallInput<typeof op>;
        },
      }),
    ];
  });
}

/**
 * An operation whose hint asks: its command takes the record from the cursor on its screen (or
 * on a first palette page, elsewhere, for a searchable type), then asks each field on a page of
 * its own (a hidden command per further page, opened in turn, as "Set user role…" does), and
 * calls with the answers as the body.
 */
function askingCommands(op: AnyOp, asks: readonly CommandAsk[], view: string | undefined): Command[] {
  const hint = op.command!;
  const needsId = !!op.params?.properties.id;
  const searchable = !!op.resource && isSearchType(op.resource);
  if (needsId && !view && !searchable) return [];
  const fromCursor = (ctx: Ctx) => (ctx.cursor && ctx.cursor.resource === op.resource ? ctx.cursor.id : undefined);
  const pages: Picker[] = [
    ...(needsId && !view ? [recordPicker(op.resource!, `${hint.title.replace(/…$/, '')}: which record?`)] : []),
    ...asks.map(askPicker),
  ];
  const pageId = (i: number) => (i === 0 ? op.id : `${op.id}.ask${i}`);
  // The answers so far: the record, then one per page.
  let asked: { id?: number; answers: unknown[] } = { answers: [] };
  const answer = (i: number, ctx: Ctx, arg: unknown) => {
    if (i === 0) asked = { id: needsId ? (fromCursor(ctx) ?? pickedId(arg)) : undefined, answers: [] };
    if (i > 0 || view || !needsId) asked.answers.push(arg);
    if (i + 1 < pages.length) return void openPalette(pageId(i + 1));
    if (needsId && asked.id === undefined) return undefined;
    const body = Object.fromEntries(asks.map((a, k) => [a.field, asked.answers[k]]));
    return call(op, { ...(needsId && { params: { id: asked.id } }), body } as CallInput<typeof op>);
  };
  return pages.map((pick, i) => ({
    id: pageId(i),
    title: i === 0 ? hint.title : `${hint.title.replace(/…$/, '')}: ${asks[asks.length - pages.length + i].label}`,
    group: op.tag,
    keywords: [...(hint.keywords ?? [])],
    ...(i === 0
      ? {
          shortcut: hint.shortcut,
          scope: needsId && view ? (`view:${view}` as const) : ('global' as const),
          enabled:
            needsId && view
              ? (ctx: Ctx) => fromCursor(ctx) !== undefined && ctx.mode !== 'edit' && ctx.mode !== 'add'
              : undefined,
        }
      : { scope: 'global' as const, palette: false }),
    pick,
    needs: { op },
    run: (ctx: Ctx, arg: unknown) => answer(i, ctx, arg),
  }));
}

/** A palette page asking one field: the text as typed, or a date typed as people say it. */
function askPicker(a: CommandAsk): Picker<string> {
  if (a.kind === 'text')
    return {
      placeholder: `${a.label}…`,
      async load(search) {
        const text = search.trim();
        return text ? [{ key: 'text', label: `${a.label}: “${text}”`, value: text }] : [];
      },
    };
  return {
    placeholder: `${a.label}: "+30d", "end of month", "24 Dec"…`,
    async load(search) {
      const item = (day: string, hint?: string) => ({ key: day, label: formatDay(day), hint, value: day });
      if (!search.trim()) return [item(addDays(dubaiDay(), 30), 'In 30 days')];
      // chrono-node comes with the first date typed (src/lib/parseDate.ts).
      const { parseDate } = await import('../lib/parseDate');
      const read = parseDate(search.trim(), new Date());
      return read ? [item(read.day)] : [];
    },
  };
}

/** The body's one field with fixed choices (true/false, or an enum), if that is all it has. */
function bodyChoice(op: AnyOp): { name: string; choices: { label: string; value: unknown }[] } | null {
  const props = (op.body as { properties?: Record<string, TSchema> } | undefined)?.properties;
  if (!props) return null;
  const names = Object.keys(props);
  if (names.length !== 1) return null;
  const schema = props[names[0]];
  if (schema.type === 'boolean')
    return {
      name: names[0],
      choices: [
        { label: 'Yes', value: true },
        { label: 'No', value: false },
      ],
    };
  const values = filterChoices(schema);
  return values ? { name: names[0], choices: values.map((v) => ({ label: v, value: v })) } : null;
}

function choicePicker(field: string, choices: { label: string; value: unknown }[]): Picker {
  const label = field.replace(/_/g, ' ');
  return {
    placeholder: `Which ${label}?`,
    async load(search): Promise<PickItem[]> {
      const words = search.toLowerCase();
      return choices
        .filter((c) => !words || c.label.toLowerCase().includes(words))
        .map((c) => ({
          key: String(c.value),
          label: `${label.charAt(0).toUpperCase()}${label.slice(1)}: ${c.label}`,
          value: c.value,
        }));
    },
  };
}

/** The id of a record the palette's picker chose (a search hit), if the argument is one. */
const pickedId = (arg: unknown): number | undefined =>
  typeof arg === 'object' && arg !== null && 'id' in arg && typeof arg.id === 'number' ? arg.id : undefined;
