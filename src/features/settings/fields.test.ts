import { describe, expect, it } from 'vitest';
import { SETTING_FIELDS, SETTING_LABELS, type Settings } from '@contract/settings';
import { draftOf, SECTIONS, SETTING_DEFS, sectionFields, typed } from './fields';

const record: Settings = {
  id: 1,
  support_email: 'help@example.com',
  default_outlet_radius_km: 5,
  min_app_version_ios: '2.14.0',
  min_app_version_android: '2.14.0',
  maintenance_mode: false,
  maintenance_message: null,
  offers_per_section: 10,
  audit_retention_days: 365,
  health_ending_days: 7,
  health_offer_image: true,
  health_offer_terms: false,
  health_outlet_area: true,
  health_outlet_location: false,
  health_duplicate_similarity: 0.85,
  changes: {},
  version: 1,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
} as Settings;

describe('the settings form, one field per setting of the contract', () => {
  it('shows every setting once, in some section', () => {
    const shown = SECTIONS.flatMap(sectionFields);
    expect([...shown].sort()).toEqual([...SETTING_FIELDS].sort());
    expect(new Set(shown).size).toBe(shown.length);
  });

  it("takes each field's label, kind and bounds from the contract", () => {
    for (const f of SETTING_FIELDS) expect(SETTING_DEFS[f].label, f).toBe(SETTING_LABELS[f]);
    expect(SETTING_DEFS.support_email).toMatchObject({ kind: 'email', bounds: undefined });
    expect(SETTING_DEFS.default_outlet_radius_km).toMatchObject({ kind: 'decimal', bounds: '0.1 to 200' });
    expect(SETTING_DEFS.offers_per_section).toMatchObject({ kind: 'integer', bounds: '1 to 50' });
    expect(SETTING_DEFS.maintenance_mode.kind).toBe('flag');
    expect(SETTING_DEFS.maintenance_message).toMatchObject({ kind: 'paragraph', nullable: true, maxLength: 500 });
    expect(SETTING_DEFS.min_app_version_ios.kind).toBe('text');
    // The catalogue health settings (contract/healthQueues.ts).
    expect(SETTING_DEFS.health_ending_days).toMatchObject({
      label: 'Ending soon (days)',
      kind: 'integer',
      bounds: '1 to 365',
    });
    for (const f of [
      'health_offer_image',
      'health_offer_terms',
      'health_outlet_area',
      'health_outlet_location',
    ] as const)
      expect(SETTING_DEFS[f].kind, f).toBe('flag');
    expect(SETTING_DEFS.health_duplicate_similarity).toMatchObject({
      label: 'Duplicate similarity',
      kind: 'decimal',
      bounds: '0.5 to 1',
    });
  });

  it('gives back what it was given when nothing is typed, and sends numbers as numbers', () => {
    const draft = draftOf(record);
    expect(draft.health_duplicate_similarity).toBe('0.85');
    expect(draft.health_offer_terms).toBe(false);
    const values = typed(draft);
    for (const f of SETTING_FIELDS) expect(values[f], f).toEqual(record[f]);
    const edited = typed({
      ...draft,
      health_duplicate_similarity: ' 0.9 ',
      health_ending_days: 'soon',
      maintenance_message: ' ',
    });
    expect(edited.health_duplicate_similarity).toBe(0.9);
    // Junk goes as typed: the server names the field in its refusal.
    expect(edited.health_ending_days).toBe('soon');
    expect(edited.maintenance_message).toBeNull();
  });
});
