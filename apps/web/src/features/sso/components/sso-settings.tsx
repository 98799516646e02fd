import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Lock } from 'lucide-react';
import { entitledPlan, includesSso } from '@partner-portal/shared/plan-rules';
import type { SsoSettings as SsoSettingsData } from '@partner-portal/shared/sso';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryGate } from '@/components/ui/query-gate';
import { confirmThen } from '@/components/ui/confirm-then';
import { toast } from '@/components/ui/toast-store';
import { useSession } from '@/lib/session-store';
import { removeSso, useSsoCache, useSsoSettings } from '../api/sso';
import { ConnectionForm } from './connection-form';
import { DomainsCard } from './domains-card';
import { GroupMappingsCard } from './group-mappings-card';
import { ScimCard } from './scim-card';
import { ServiceProviderCard } from './service-provider-card';

/** What an account below Pro sees: what single sign-on is, and the way to it. */
function SsoLocked({ upgradePath }: { upgradePath: string }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 rounded-lg border border-dashed border-border p-4">
      <div className="flex items-center gap-2 text-sm font-semibold">
        <Lock aria-hidden className="size-4 text-muted-foreground" />
        {t('sso.locked.title')}
      </div>
      <p className="text-sm text-muted-foreground">{t('sso.locked.body')}</p>
      <Button asChild size="sm" className="justify-self-start">
        <Link to={upgradePath}>{t('sso.locked.upgrade')}</Link>
      </Button>
    </div>
  );
}

function RemoveConnection() {
  const { t } = useTranslation();
  const putSettings = useSsoCache();
  return (
    <Button
      variant="outline"
      className="justify-self-start"
      onClick={() =>
        void confirmThen(
          {
            title: t('sso.remove.title'),
            description: t('sso.remove.body'),
            buttonText: t('sso.remove.confirm'),
            destructive: true,
          },
          async () => {
            const answer = await removeSso();
            putSettings(answer.data);
            if (answer.message) toast({ variant: 'success', title: answer.message });
          },
        )
      }
    >
      {t('sso.remove.button')}
    </Button>
  );
}

/**
 * docs/product.md#single-sign-on, the owner's screen: the identity provider, what to tell it,
 * and the domains it answers for. Below Pro it explains itself and links to the upgrade instead
 * of asking the server (which would answer 402).
 */
export function SsoSettings({ upgradePath }: { upgradePath: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const plan = session
    ? entitledPlan(session.permission, session.plan, session.subscription)
    : null;
  const entitled = includesSso(plan);
  const query = useSsoSettings(entitled);

  if (!entitled) return <SsoLocked upgradePath={upgradePath} />;
  return (
    <QueryGate
      query={query}
      texts={{ loading: t('sso.loading'), failed: t('sso.load_failed'), retry: t('sso.retry') }}
    >
      {(settings) => <SsoCards settings={settings} />}
    </QueryGate>
  );
}

function SsoCards({ settings }: { settings: SsoSettingsData }) {
  const { t } = useTranslation();
  const { connection } = settings;
  const verified = settings.domains.some((domain) => domain.verified_at !== null);
  return (
    <div className="grid gap-6">
      {connection && !verified ? (
        <Banner variant="info" title={t('sso.no_domain.title')}>
          {t('sso.no_domain.body')}
        </Banner>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>{t('sso.connection.title')}</CardTitle>
          <CardDescription>
            {connection
              ? t('sso.connection.saved', {
                  protocol: t(`sso.form.${connection.protocol}`),
                })
              : t('sso.connection.none')}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <ConnectionForm connection={connection} />
          {connection ? <RemoveConnection /> : null}
        </CardContent>
      </Card>
      <DomainsCard domains={settings.domains} />
      <ServiceProviderCard sp={settings.service_provider} />
      <ScimCard scim={settings.scim} />
      <GroupMappingsCard scim={settings.scim} />
    </div>
  );
}
