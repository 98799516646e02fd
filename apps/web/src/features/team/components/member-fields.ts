import type { TFunction } from 'i18next';
import {
  ASSIGNABLE_PERMISSIONS,
  type AssignablePermission,
  type Permission,
} from '@partner-portal/shared/permissions';
import { ADVERTISER_NAME_MAX_LENGTH, MAX_PLUS_DASHBOARDS } from '@partner-portal/shared/team';
import type { Workbook } from '@partner-portal/shared/workbooks';
import type { FormInputs } from '@/components/form/form-definition';
import { preloadRichFieldControls } from '@/components/form/rich-field-controls';

export interface MemberFieldValues {
  permission: AssignablePermission;
  advertiser_name: string;
  enable_plus: boolean;
  plus_dashboards: string[];
}

// The member forms are made of select, switch and multi-select controls: fetch them with the
// team screen, before its dialogs open.
preloadRichFieldControls();

const isAdvertiser = (values: Record<string, unknown>) => values.permission === 'advertiser';

/**
 * A typed advertiser name that no report row carries (names match exactly, as the dashboards
 * filter by them). Unknown while the list is: nothing is asked then.
 */
export function isUnlistedAdvertiser(
  name: string,
  advertisers: readonly string[] | undefined,
): boolean {
  const typed = name.trim();
  return advertisers !== undefined && typed !== '' && !advertisers.includes(typed);
}

export function isAssignable(permission: Permission): permission is AssignablePermission {
  return (ASSIGNABLE_PERMISSIONS as readonly string[]).includes(permission);
}

/**
 * docs/product.md#states-and-transitions "Permission in forms", shared by the invite and edit dialogs: a permission select
 * without owner; advertiser name and the enable-plus switch only for advertisers; a required
 * Plus dashboard multi-select only while enable-plus is on.
 */
export function memberInputs(
  t: TFunction,
  plusWorkbooks: readonly Workbook[],
  initial: MemberFieldValues,
  /** The advertisers the report data names; undefined while unknown (loading or failed). */
  advertisers?: readonly string[],
): FormInputs {
  const options = plusWorkbooks.map((workbook) => ({
    value: workbook.workbookId,
    label: workbook.name,
  }));
  // A dashboard given earlier that the list no longer offers stays visible, so saving keeps it
  // or the admin can take it away knowingly.
  for (const id of initial.plus_dashboards) {
    if (!options.some((option) => option.value === id)) options.push({ value: id, label: id });
  }
  return {
    permission: {
      type: 'select',
      label: t('team.form.permission'),
      required: true,
      defaultValue: initial.permission,
      options: ASSIGNABLE_PERMISSIONS.map((permission) => ({
        value: permission,
        label: t(`team.permissions.${permission}`),
      })),
    },
    advertiser_name: {
      type: 'text',
      label: t('team.form.advertiser_name'),
      required: true,
      maxLength: ADVERTISER_NAME_MAX_LENGTH,
      defaultValue: initial.advertiser_name,
      suggestions: advertisers,
      description:
        advertisers === undefined
          ? undefined
          : t(
              advertisers.length > 0
                ? 'team.form.advertiser_name_pick'
                : 'team.form.advertiser_name_no_data',
            ),
      visible: isAdvertiser,
    },
    // A name no report row carries shows an empty dashboard: allowed only once confirmed.
    advertiser_new: {
      type: 'checkbox',
      label: t('team.form.advertiser_new'),
      description: t('team.form.advertiser_new_description'),
      descriptionTone: 'warning',
      errorMessage: t('team.form.advertiser_new_required'),
      required: true,
      defaultValue: false,
      visible: (values) =>
        isAdvertiser(values) &&
        isUnlistedAdvertiser(String(values.advertiser_name ?? ''), advertisers),
    },
    enable_plus: {
      type: 'switch',
      label: t('team.form.enable_plus'),
      defaultValue: initial.enable_plus,
      visible: isAdvertiser,
    },
    plus_dashboards: {
      type: 'multi-select',
      label: t('team.form.plus_dashboards'),
      placeholder: t('team.form.plus_dashboards_placeholder'),
      description: options.length === 0 ? t('team.form.no_plus_dashboards') : undefined,
      required: true,
      max: MAX_PLUS_DASHBOARDS,
      options,
      defaultValue: initial.plus_dashboards,
      visible: (values) => isAdvertiser(values) && values.enable_plus === true,
    },
  };
}

/**
 * The advertiser fields as they should be stored: hidden ones are cleared rather than left
 * behind, so a member who stops being an advertiser loses the name and the Plus dashboards.
 */
export function advertiserFieldsOf(values: Record<string, unknown>) {
  const advertiser = values.permission === 'advertiser';
  const plus = advertiser && values.enable_plus === true;
  return {
    advertiser_name: advertiser ? String(values.advertiser_name ?? '').trim() : null,
    enable_plus: plus,
    plus_dashboards:
      plus && Array.isArray(values.plus_dashboards)
        ? values.plus_dashboards.filter((id): id is string => typeof id === 'string')
        : [],
  };
}
