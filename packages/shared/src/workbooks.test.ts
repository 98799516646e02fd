import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from './permissions';
import { PLAN_IDS } from './plans';
import { visibleWorkbooks, type Workbook } from './workbooks';

const CATALOGUE: Workbook[] = [
  { name: 'Plus A', workbookId: 'plus-a', kind: 'plus' },
  { name: 'Core', workbookId: 'core', kind: 'core' },
  { name: 'Advertiser core', workbookId: 'core-adv', kind: 'core_advertiser' },
  { name: 'Plus B', workbookId: 'plus-b', kind: 'plus' },
];
const PLUS_PLANS = new Set(['free_plus', 'free_plus_ai', 'free_pro']);

describe('visibleWorkbooks (docs/product.md#states-and-transitions Plus rule, docs/product.md#roles-and-permissions core kinds)', () => {
  // Every permission × plan (and none) × enable_plus × plus_dashboards.
  const plans = [...PLAN_IDS, null] as const;
  for (const permission of PERMISSIONS) {
    for (const plan of plans) {
      for (const enablePlus of [false, true]) {
        for (const dashboards of [[], ['plus-b'], ['plus-a', 'plus-b', 'unknown']]) {
          it(`${permission} on ${String(plan)}, enable_plus ${enablePlus}, dashboards [${dashboards.join(',')}]`, () => {
            const ids = visibleWorkbooks(
              { permission, plan, enable_plus: enablePlus, plus_dashboards: dashboards },
              CATALOGUE,
            ).map((workbook) => workbook.workbookId);
            const advertiser = permission === 'advertiser';
            const entitled = PLUS_PLANS.has(String(plan)) && (!advertiser || enablePlus);
            const plus = !entitled
              ? []
              : advertiser
                ? ['plus-a', 'plus-b'].filter((id) => dashboards.includes(id))
                : ['plus-a', 'plus-b'];
            expect(ids).toEqual([advertiser ? 'core-adv' : 'core', ...plus]);
          });
        }
      }
    }
  }

  it('lists no core workbook when the catalogue has none of that kind', () => {
    expect(
      visibleWorkbooks({ permission: 'advertiser', plan: 'free_core' }, [
        { workbookId: 'core', kind: 'core' as const },
      ]),
    ).toEqual([]);
  });
});
