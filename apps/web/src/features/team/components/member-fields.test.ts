import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import {
  advertiserFieldsOf,
  isAssignable,
  isUnlistedAdvertiser,
  memberInputs,
} from './member-fields';

const t = i18n.getFixedT('en');
const WORKBOOKS = [
  { name: 'Revenue', workbookId: 'wb-revenue', kind: 'plus' as const },
  { name: 'Audience', workbookId: 'wb-audience', kind: 'plus' as const },
];
const INITIAL = {
  permission: 'user' as const,
  advertiser_name: '',
  enable_plus: false,
  plus_dashboards: [],
};

describe('member fields', () => {
  it('asks to confirm an advertiser name only when the report data is known not to carry it', () => {
    const listed = ['Globex Travel', 'Acme'];
    expect(isUnlistedAdvertiser('Globex', listed)).toBe(true);
    // Names match exactly, as the dashboards filter by them.
    expect(isUnlistedAdvertiser('globex travel', listed)).toBe(true);
    expect(isUnlistedAdvertiser('  Globex Travel ', listed)).toBe(false);
    expect(isUnlistedAdvertiser('', listed)).toBe(false);
    expect(isUnlistedAdvertiser('Globex', undefined)).toBe(false);
    const inputs = memberInputs(t, WORKBOOKS, INITIAL, listed);
    const confirmShown = (name: string) =>
      inputs.advertiser_new?.visible?.({ permission: 'advertiser', advertiser_name: name });
    expect(confirmShown('Globex')).toBe(true);
    expect(confirmShown('Acme')).toBe(false);
    expect(inputs.advertiser_new?.visible?.({ permission: 'user', advertiser_name: 'X' })).toBe(
      false,
    );
    expect(inputs.advertiser_name?.suggestions).toEqual(listed);
  });

  it('never offers owner or master', () => {
    const inputs = memberInputs(t, WORKBOOKS, INITIAL);
    expect(inputs.permission?.options?.map((option) => option.value)).toEqual([
      'admin',
      'developer',
      'user',
      'advertiser',
    ]);
    expect(isAssignable('owner')).toBe(false);
    expect(isAssignable('master')).toBe(false);
    expect(isAssignable('advertiser')).toBe(true);
  });

  it('shows the advertiser fields for advertisers and the dashboards only with enable-plus', () => {
    const inputs = memberInputs(t, WORKBOOKS, INITIAL);
    const shown = (values: Record<string, unknown>) =>
      Object.entries(inputs)
        .filter(([, def]) => !def.visible || def.visible(values))
        .map(([name]) => name);
    expect(shown({ permission: 'user', enable_plus: true })).toEqual(['permission']);
    expect(shown({ permission: 'advertiser', enable_plus: false })).toEqual([
      'permission',
      'advertiser_name',
      'enable_plus',
    ]);
    expect(shown({ permission: 'advertiser', enable_plus: true })).toEqual([
      'permission',
      'advertiser_name',
      'enable_plus',
      'plus_dashboards',
    ]);
  });

  it('keeps a dashboard the member already has even when the list no longer offers it', () => {
    const inputs = memberInputs(t, WORKBOOKS, { ...INITIAL, plus_dashboards: ['wb-gone'] });
    expect(inputs.plus_dashboards?.options?.map((option) => option.value)).toEqual([
      'wb-revenue',
      'wb-audience',
      'wb-gone',
    ]);
    expect(inputs.plus_dashboards?.description).toBeUndefined();
    expect(memberInputs(t, [], INITIAL).plus_dashboards?.description).toBe(
      "No Plus dashboards are available on this account's plan.",
    );
  });

  it('clears the advertiser fields a permission or switch hides', () => {
    const values = {
      permission: 'advertiser',
      advertiser_name: '  Acme ',
      enable_plus: true,
      plus_dashboards: ['wb-revenue'],
    };
    expect(advertiserFieldsOf(values)).toEqual({
      advertiser_name: 'Acme',
      enable_plus: true,
      plus_dashboards: ['wb-revenue'],
    });
    expect(advertiserFieldsOf({ ...values, enable_plus: false })).toEqual({
      advertiser_name: 'Acme',
      enable_plus: false,
      plus_dashboards: [],
    });
    expect(advertiserFieldsOf({ ...values, permission: 'admin' })).toEqual({
      advertiser_name: null,
      enable_plus: false,
      plus_dashboards: [],
    });
  });
});
