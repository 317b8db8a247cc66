// How the OpenAPI document's shapes get their names (server/http/schemaNames.ts), on a small
// contract of its own; tests/api/openapiNames.test.ts checks the served document.
import * as Type from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { KeyedListEnvelope, ListEnvelope, Pagination, RecordEnvelope } from '@contract/envelope';
import { defineOp, type AnyOp } from '@contract/operation';
import { SchemaNames } from './schemaNames';

const Thing = Type.Object({ id: Type.Integer(), name: Type.String() });
const Part = Type.Object({ size: Type.Integer() });
const Holder = Type.Object({
  thing: Thing,
  spare: Type.Optional(Thing),
  parts: Type.Array(Part),
  note: Type.Union([Type.Null(), Part]),
});
const op = (id: string, response: AnyOp['response'], body?: AnyOp['body']) =>
  defineOp({ id, method: 'POST', path: `/x/${id}`, summary: id, tag: 'X', access: 'admin', response, body }) as AnyOp;
const REF = '#/components/schemas/';

describe('SchemaNames', () => {
  const ops = [
    op('show', RecordEnvelope(Thing)),
    op('list', ListEnvelope(Thing)),
    op('keyed', KeyedListEnvelope('things', Part)),
    op('remove', Type.Object({ message: Type.String(), data: Thing, undo: Type.Optional(Type.String()) })),
    op('hold', RecordEnvelope(Holder), Type.Object({ thing: Thing, label: Type.String() })),
  ];
  const names = new SchemaNames(ops, {
    mod: { Thing, Part, Holder, Pagination, NotASchema: 3, Scalar: Type.String() },
  });

  it('names exported object shapes by their export, and the envelopes around them after them', () => {
    expect(names.nameOf(Thing)).toBe('Thing');
    expect(names.nameOf(Type.String())).toBeUndefined();
    expect(ops.map((o) => names.nameOf(o.response))).toEqual([
      'ThingRecord',
      'ThingList',
      'PartList',
      'ThingDeleted',
      'HolderRecord',
    ]);
    // Type.Optional copies the schema (sharing its properties): still the same shape.
    expect(names.nameOf(Holder.properties.spare)).toBe('Thing');
    expect(names.conflicts).toEqual([]);
  });

  it('writes $refs into a copy, never into the schema the routes validate by', () => {
    const used = new Set<string>();
    const before = JSON.stringify(Holder);
    expect(names.refer(ops[4].response, used)).toEqual({ $ref: `${REF}HolderRecord` });
    expect(names.refer(Holder, used, true)).toEqual({
      type: 'object',
      required: ['thing', 'parts', 'note'],
      properties: {
        thing: { $ref: `${REF}Thing` },
        spare: { $ref: `${REF}Thing` },
        parts: { type: 'array', items: { $ref: `${REF}Part` } },
        note: { anyOf: [{ type: 'null' }, { $ref: `${REF}Part` }] },
      },
    });
    expect(JSON.stringify(Holder)).toBe(before);
    // A body keeps its top level; what it holds is referred to.
    expect(names.refer(ops[4].body, used, true)).toMatchObject({
      properties: { thing: { $ref: `${REF}Thing` }, label: { type: 'string' } },
    });
    expect([...used].sort()).toEqual(['HolderRecord', 'Part', 'Thing']);
  });

  it('lists the used shapes and everything they hold, each once with its parts as $refs', () => {
    const used = new Set(['ThingList']);
    const components = names.components(used);
    expect(Object.keys(components)).toEqual(['Pagination', 'Thing', 'ThingList']);
    expect(components.ThingList).toEqual({
      type: 'object',
      required: ['data', 'pagination'],
      properties: { data: { type: 'array', items: { $ref: `${REF}Thing` } }, pagination: { $ref: `${REF}Pagination` } },
    });
  });

  it('keeps one name for one shape: a different shape under a taken name stays inline, and is told', () => {
    const Other = Type.Object({ id: Type.String() });
    const twice = new SchemaNames([], { a: { Thing }, b: { Thing: Other, Same: Thing } });
    expect(twice.nameOf(Other)).toBeUndefined();
    expect(twice.nameOf(Thing)).toBe('Thing');
    expect(twice.conflicts).toEqual(['Thing: two different shapes']);
    // The same shape built twice is one name.
    const again = new SchemaNames([], { a: { List: ListEnvelope(Thing) }, b: { List: ListEnvelope(Thing) } });
    expect(again.conflicts).toEqual([]);
  });
});
