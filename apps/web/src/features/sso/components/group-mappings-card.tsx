import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { encodeMessage } from '@partner-portal/shared/form-messages';
import {
  SSO_DEFAULT_PERMISSIONS,
  ScimGroupMappingSchema,
  type ScimGroupMapping,
  type SsoSettings,
} from '@partner-portal/shared/sso';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { confirmThen } from '@/components/ui/confirm-then';
import { toast } from '@/components/ui/toast-store';
import type { RequestBody } from '@/lib/api-client';
import { saveScimGroups, useSsoCache } from '../api/sso';

const valuesOf = (body: RequestBody): Record<string, unknown> =>
  body instanceof FormData ? Object.fromEntries(body) : body;

/**
 * docs/product.md#scim-provisioning: which permission the members of each group the IdP pushes
 * hold here. Each change saves the whole mapping, and the server applies it to everyone at once.
 */
export function GroupMappingsCard({ scim }: { scim: SsoSettings['scim'] }) {
  const { t } = useTranslation();
  const putSettings = useSsoCache();
  const mappings = scim.group_mappings;
  const inputs = useMemo<FormInputs>(
    () => ({
      group: {
        type: 'text',
        label: t('sso.groups.group'),
        placeholder: 'Partner Portal Admins',
        required: true,
      },
      permission: {
        type: 'select',
        label: t('sso.groups.permission'),
        required: true,
        defaultValue: 'admin',
        options: SSO_DEFAULT_PERMISSIONS.map((value) => ({
          value,
          label: t(`sso.permission.${value}`),
        })),
      },
    }),
    [t],
  );
  // The shared schema, plus what only the list knows: a group is mapped once, in any case.
  const schema = useMemo(() => {
    const taken = new Set(mappings.map((mapping) => mapping.group.toLowerCase()));
    return ScimGroupMappingSchema.refine((mapping) => !taken.has(mapping.group.toLowerCase()), {
      path: ['group'],
      error: encodeMessage('global.form.scim_group.error.duplicate'),
    });
  }, [mappings]);

  const save = async (next: ScimGroupMapping[]) => {
    const answer = await saveScimGroups(next);
    putSettings(answer.data);
    if (answer.message) toast({ variant: 'success', title: answer.message });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('sso.groups.title')}</CardTitle>
        <CardDescription>{t('sso.groups.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {mappings.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('sso.groups.empty')}</p>
        ) : (
          <ul className="grid gap-2">
            {mappings.map((mapping) => (
              <li
                key={mapping.group}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3"
              >
                <span className="text-sm">
                  {t('sso.groups.row', {
                    group: mapping.group,
                    permission: t(`sso.permission.${mapping.permission}`),
                  })}
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={t('sso.groups.remove_label', { group: mapping.group })}
                  onClick={() =>
                    void confirmThen(
                      {
                        title: t('sso.groups.remove_title', { group: mapping.group }),
                        description: t('sso.groups.remove_body'),
                        buttonText: t('sso.groups.remove'),
                        destructive: true,
                      },
                      () => save(mappings.filter((other) => other !== mapping)),
                    )
                  }
                >
                  {t('sso.groups.remove')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {scim.groups.length > 0 ? (
          <p className="text-sm text-muted-foreground">
            {t('sso.groups.pushed', {
              groups: scim.groups
                .map((group) =>
                  t('sso.groups.pushed_group', { name: group.name, count: group.members }),
                )
                .join(', '),
            })}
          </p>
        ) : null}
        <Form
          // A new form after each change: the fields start empty again.
          key={mappings.length}
          inputs={inputs}
          schema={schema}
          request={(body: RequestBody) => {
            const values = valuesOf(body);
            return saveScimGroups([
              ...mappings,
              {
                group: String(values.group ?? '').trim(),
                permission: values.permission as ScimGroupMapping['permission'],
              },
            ]);
          }}
          onSuccess={putSettings}
          buttonText={t('sso.groups.add')}
        />
      </CardContent>
    </Card>
  );
}
