import type { Permission } from '@partner-portal/shared/permissions';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { analyticsProvider, listCatalogue } from '../analytics/workbook-catalogue';

/** What a membership or an invite grants besides its permission (docs/product.md#entities, docs/product.md#roles-and-permissions). */
export interface MemberAccess {
  advertiserName: string | null;
  enablePlus: boolean;
  plusDashboards: string[];
}

export interface MemberAccessInput {
  permission: Permission;
  advertiserName: string | null | undefined;
  enablePlus: boolean | undefined;
  plusDashboards: readonly string[] | undefined;
}

const NO_ADVERTISER_ACCESS: MemberAccess = {
  advertiserName: null,
  enablePlus: false,
  plusDashboards: [],
};

/** The ids of the catalogue's Plus workbooks: what plus_dashboards may name. */
export async function loadPlusWorkbookIds(ctx: AppContext): Promise<ReadonlySet<string>> {
  const catalogue = await listCatalogue(ctx.db, analyticsProvider(ctx.config));
  return new Set(
    catalogue.filter((entry) => entry.kind === 'plus').map((entry) => entry.workbookId),
  );
}

/**
 * The advertiser fields as they are stored, checked on the whole (merged) member the way the
 * shared checkAdvertiserFields checks a form: docs/product.md#states-and-transitions, docs/product.md#roles-and-permissions only advertisers carry an advertiser
 * name and the Plus switch, an advertiser needs a name, and enable-plus needs at least one Plus
 * dashboard, each a Plus workbook of the catalogue (`plusWorkbooks`). Plus dashboards without
 * enable-plus grant nothing, so they are not kept.
 */
export function resolveMemberAccess(
  input: MemberAccessInput,
  plusWorkbooks: ReadonlySet<string>,
): MemberAccess {
  if (input.permission !== 'advertiser') return { ...NO_ADVERTISER_ACCESS };
  const advertiserName = input.advertiserName?.trim() ?? '';
  if (!advertiserName) {
    throw new AppError('bad_request', 'error.advertiser_name_required', {
      inputError: 'advertiser_name',
    });
  }
  const enablePlus = input.enablePlus ?? false;
  if (!enablePlus) return { advertiserName, enablePlus, plusDashboards: [] };
  const plusDashboards = [...new Set(input.plusDashboards ?? [])];
  if (plusDashboards.length === 0) {
    throw new AppError('bad_request', 'error.plus_dashboards_required', {
      inputError: 'plus_dashboards',
    });
  }
  const unknown = plusDashboards.find((id) => !plusWorkbooks.has(id));
  if (unknown !== undefined) {
    throw new AppError('bad_request', 'error.plus_dashboard_unknown', {
      inputError: 'plus_dashboards',
      params: { id: unknown },
    });
  }
  return { advertiserName, enablePlus, plusDashboards };
}
