// Commands made from operations (contract/operation.ts). `opCommand` turns a call into a
// command: its input comes from the context (the highlighted record, the palette's
// argument); the runner toasts the server's message; the stores of the resources the call
// touches refresh by themselves (src/store/touched.ts). `derivedCommands` goes further: an
// operation that carries a `command` hint becomes a command with no code of its own — the
// record from the cursor (or a search in the palette), one body field asked in the palette.
import type { TSchema } from '@sinclair/typebox';
import type { AnyOp, OpOutput } from '@contract/operation';
import { call, type CallInput } from '../api/call';
import { filterChoices } from '../api/resourceClient';
import { isSearchType } from '../api/search';
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
 * body of one field with fixed choices (a flag, an enum) is asked on a palette page.
 * Operations whose input needs more than that get a hand-written `opCommand`.
 */
export function derivedCommands(ops: readonly AnyOp[], views: readonly ResourceView[]): Command[] {
  return ops.flatMap((op) => {
    if (!op.command) return [];
    const view = views.find((v) => v.resource === op.resource)?.view;
    const needsId = !!op.params?.properties.id;
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
