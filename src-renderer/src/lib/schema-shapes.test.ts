import { describe, expect, it } from 'vitest';
import { shapeSchema } from './schema-shapes.js';

describe('schema shapes (MCP 2025-11-25 elicitation)', () => {
  const schema = {
    type: 'object',
    properties: {
      legacy: { type: 'string', enum: ['pet-1', 'pet-2'], enumNames: ['Cats', 'Dogs'], default: 'pet-1' },
      titled: { type: 'string', oneOf: [{ const: 'hero-1', title: 'Superman' }, { const: 'hero-2', title: 'Green Lantern' }] },
      untypedTitled: { oneOf: [{ const: 1, title: 'One' }, { const: 2, title: 'Two' }] },
      multi: { type: 'array', minItems: 1, items: { anyOf: [{ const: 'fish-1', title: 'Tuna' }, { const: 'fish-2', title: 'Salmon' }] }, default: ['fish-1'] },
      untitledMulti: { type: 'array', items: { type: 'string', enum: ['Guitar', 'Piano'] } },
      list: { type: 'array', items: { type: 'string' } },
    },
  };
  it('turns enumNames into titled consts, types untyped const options, makes multi-selects labelled sets', () => {
    const { schema: s, uiSchema } = shapeSchema(schema, { multiSelect: true });
    const p = s.properties as Record<string, Record<string, unknown>>;
    expect(p.legacy).toEqual({ type: 'string', oneOf: [{ const: 'pet-1', title: 'Cats' }, { const: 'pet-2', title: 'Dogs' }], default: 'pet-1' });
    expect(p.titled!.oneOf).toHaveLength(2);
    expect(p.untypedTitled!.type).toBe('integer');
    expect(p.multi).toMatchObject({ uniqueItems: true, items: { type: 'string' }, default: ['fish-1'] });
    expect(p.untitledMulti!.uniqueItems).toBe(true);
    expect(p.list!.uniqueItems).toBeUndefined();
    expect(uiSchema).toEqual({ multi: { 'ui:widget': 'checkboxes' }, untitledMulti: { 'ui:widget': 'checkboxes' } });
    // the input is not changed
    expect(schema.properties.legacy.enumNames).toEqual(['Cats', 'Dogs']);
  });
  it('keeps a tool form\'s array of enums a list unless the schema says uniqueItems', () => {
    const { schema: s, uiSchema } = shapeSchema(schema, { multiSelect: false });
    expect((s.properties as Record<string, Record<string, unknown>>).multi!.uniqueItems).toBeUndefined();
    expect(uiSchema).toEqual({});
    const set = shapeSchema({ type: 'object', properties: { tags: { type: 'array', uniqueItems: true, items: { enum: ['a', 'b'] } } } }, { multiSelect: false });
    expect(set.uiSchema).toEqual({ tags: { 'ui:widget': 'checkboxes' } });
  });
  it('reaches $defs and nested items', () => {
    const { schema: s } = shapeSchema({ $defs: { pet: { enum: ['c'], enumNames: ['Cat'] } }, type: 'object', properties: {} }, { multiSelect: true });
    expect((s.$defs as Record<string, unknown>).pet).toEqual({ type: 'string', oneOf: [{ const: 'c', title: 'Cat' }] });
  });
});
