import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SSO_DEFAULT_PERMISSIONS, type SsoConnection } from '@partner-portal/shared/sso';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import { saveSso, useSsoCache } from '../api/sso';
import { ssoRequestSchema, toSsoInput, underFlatField } from './connection-values';

const isSaml = (values: Record<string, unknown>) => values.protocol === 'saml';

/**
 * The account's identity provider: SAML metadata as the IdP exports it, or an OpenID Connect
 * client; the permission new members get; and whether the account requires it. Checked with
 * the shared request schema; the server's refusal of the metadata shows under that field.
 */
export function ConnectionForm({ connection }: { connection: SsoConnection | null }) {
  const { t } = useTranslation();
  const putSettings = useSsoCache();
  const oidc = connection?.oidc;
  const inputs = useMemo<FormInputs>(
    () => ({
      protocol: {
        type: 'select',
        label: t('sso.form.protocol'),
        required: true,
        defaultValue: connection?.protocol ?? 'saml',
        options: [
          { value: 'saml', label: t('sso.form.saml') },
          { value: 'oidc', label: t('sso.form.oidc') },
        ],
      },
      metadata_xml: {
        type: 'textarea',
        label: t('sso.form.metadata'),
        description: connection?.saml
          ? t('sso.form.metadata_saved', { entity: connection.saml.idp_entity_id })
          : t('sso.form.metadata_hint'),
        // Left empty, the stored metadata stays (the screen does not show it back); the first
        // time, it or its URL is needed, which the server says under the field.
        placeholder: '<md:EntityDescriptor …>',
        visible: isSaml,
      },
      metadata_url: {
        type: 'url',
        label: t('sso.form.metadata_url'),
        description: t('sso.form.metadata_url_hint'),
        placeholder: 'https://login.microsoftonline.com/…/federationmetadata.xml',
        defaultValue: connection?.saml?.metadata_url ?? '',
        visible: isSaml,
      },
      issuer: {
        type: 'url',
        label: t('sso.form.issuer'),
        description: t('sso.form.issuer_hint'),
        required: true,
        placeholder: 'https://acme.okta.com',
        defaultValue: oidc?.issuer ?? '',
        visible: (values) => !isSaml(values),
      },
      client_id: {
        type: 'text',
        label: t('sso.form.client_id'),
        required: true,
        defaultValue: oidc?.client_id ?? '',
        visible: (values) => !isSaml(values),
      },
      // Text, not a password field: a client secret is pasted, and follows no password rules.
      client_secret: {
        type: 'text',
        label: t('sso.form.client_secret'),
        description: oidc ? t('sso.form.client_secret_kept') : undefined,
        required: !oidc,
        visible: (values) => !isSaml(values),
      },
      default_permission: {
        type: 'select',
        label: t('sso.form.default_permission'),
        description: t('sso.form.default_permission_hint'),
        required: true,
        defaultValue: connection?.default_permission ?? 'user',
        options: SSO_DEFAULT_PERMISSIONS.map((value) => ({
          value,
          label: t(`sso.permission.${value}`),
        })),
      },
      require_sso: {
        type: 'switch',
        label: t('sso.form.require'),
        description: t('sso.form.require_hint'),
        defaultValue: connection?.require_sso ?? false,
      },
      trust_idp_mfa: {
        type: 'switch',
        label: t('sso.form.trust_mfa'),
        description: t('sso.form.trust_mfa_hint'),
        defaultValue: connection?.trust_idp_mfa ?? false,
      },
      allow_idp_initiated: {
        type: 'switch',
        label: t('sso.form.idp_initiated'),
        description: t('sso.form.idp_initiated_hint'),
        defaultValue: connection?.allow_idp_initiated ?? false,
        visible: isSaml,
      },
    }),
    [t, connection, oidc],
  );

  return (
    <Form
      inputs={inputs}
      schema={ssoRequestSchema}
      request={(body) =>
        saveSso(toSsoInput(body)).catch((error: unknown) => {
          throw underFlatField(error);
        })
      }
      onSuccess={putSettings}
      buttonText={t('sso.form.save')}
    />
  );
}
