import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SsoSettings } from '@partner-portal/shared/sso';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { confirmThen } from '@/components/ui/confirm-then';
import { toast } from '@/components/ui/toast-store';
import { createScimToken, revokeScimToken, useSsoCache } from '../api/sso';
import { CopyValue } from './copy-value';

/**
 * SCIM provisioning (docs/product.md#scim-provisioning): the base URL and the token the IdP
 * provisions people with. A new token is shown once, here, until the page is left; making one
 * replaces the one before, so it asks first when there is one.
 */
export function ScimCard({ scim }: { scim: SsoSettings['scim'] }) {
  const { t, i18n } = useTranslation();
  const putSettings = useSsoCache();
  const [shown, setShown] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const token = scim.credential;
  const when = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    return (iso: string) => format.format(new Date(iso));
  }, [i18n.language]);

  async function make() {
    setBusy(true);
    try {
      const answer = await createScimToken();
      setShown(answer.data.token);
      putSettings((stored) => ({ ...stored, scim: answer.data.scim }));
      if (answer.message) toast({ variant: 'success', title: answer.message });
    } catch (error) {
      toast({ variant: 'error', title: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('sso.scim.title')}</CardTitle>
        <CardDescription>{t('sso.scim.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <CopyValue label={t('sso.scim.base_url')} value={scim.base_url} />
        {shown ? (
          <Banner variant="warning" title={t('sso.scim.shown_once')}>
            <CopyValue label={t('sso.scim.token')} value={shown} />
          </Banner>
        ) : null}
        <p className="text-sm text-muted-foreground">
          {token
            ? t('sso.scim.token_status', {
                stub: token.stub,
                created: when(token.created_at),
                used: token.last_used_at ? when(token.last_used_at) : t('sso.scim.never'),
              })
            : t('sso.scim.no_token')}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            loading={busy}
            onClick={() =>
              token
                ? void confirmThen(
                    {
                      title: t('sso.scim.replace_title'),
                      description: t('sso.scim.replace_body'),
                      buttonText: t('sso.scim.replace'),
                    },
                    make,
                  )
                : void make()
            }
          >
            {token ? t('sso.scim.replace') : t('sso.scim.make')}
          </Button>
          {token ? (
            <Button
              variant="outline"
              onClick={() =>
                void confirmThen(
                  {
                    title: t('sso.scim.revoke_title'),
                    description: t('sso.scim.revoke_body'),
                    buttonText: t('sso.scim.revoke'),
                    destructive: true,
                  },
                  async () => {
                    const answer = await revokeScimToken();
                    setShown(null);
                    putSettings(answer.data);
                    if (answer.message) toast({ variant: 'success', title: answer.message });
                  },
                )
              }
            >
              {t('sso.scim.revoke')}
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
