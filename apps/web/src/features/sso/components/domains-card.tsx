import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SsoDomainInputSchema, type SsoDomain, type SsoSettings } from '@partner-portal/shared/sso';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { confirmThen } from '@/components/ui/confirm-then';
import { toast } from '@/components/ui/toast-store';
import { handleApiError } from '@/lib/error-handler';
import type { ApiAnswer, RequestBody } from '@/lib/api-client';
import { addSsoDomain, removeSsoDomain, useSsoCache, verifySsoDomain } from '../api/sso';
import { CopyValue } from './copy-value';

function DomainRow({ domain }: { domain: SsoDomain }) {
  const { t } = useTranslation();
  const putSettings = useSsoCache();
  const [verifying, setVerifying] = useState(false);
  const done = (answer: ApiAnswer<SsoSettings>) => {
    putSettings(answer.data);
    if (answer.message) toast({ variant: 'success', title: answer.message });
  };
  const verified = domain.verified_at !== null;
  return (
    <li className="grid gap-3 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-all">{domain.domain}</span>
        <Badge variant={verified ? 'success' : 'warning'}>
          {verified ? t('sso.domains.verified') : t('sso.domains.waiting')}
        </Badge>
      </div>
      {verified ? null : (
        <div className="grid gap-3">
          <p className="text-sm text-muted-foreground">{t('sso.domains.publish')}</p>
          <CopyValue label={t('sso.domains.record_name')} value={domain.record.name} />
          <CopyValue label={t('sso.domains.record_value')} value={domain.record.value} />
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {verified ? null : (
          <Button
            size="sm"
            loading={verifying}
            onClick={() => {
              setVerifying(true);
              verifySsoDomain(domain.domain)
                .then(done, handleApiError)
                .finally(() => setVerifying(false));
            }}
          >
            {t('sso.domains.verify')}
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          disabled={verifying}
          onClick={() =>
            void confirmThen(
              {
                title: t('sso.domains.remove_title', { domain: domain.domain }),
                description: t('sso.domains.remove_body'),
                buttonText: t('sso.domains.remove'),
                destructive: true,
              },
              async () => done(await removeSsoDomain(domain.domain)),
            )
          }
        >
          {t('sso.domains.remove')}
        </Button>
      </div>
    </li>
  );
}

/** The e-mail domains the account proves are its own, each with the DNS record that proves it. */
export function DomainsCard({ domains }: { domains: SsoDomain[] }) {
  const { t } = useTranslation();
  const putSettings = useSsoCache();
  const inputs = useMemo<FormInputs>(
    () => ({
      domain: {
        type: 'text',
        label: t('sso.domains.add_label'),
        placeholder: 'example.com',
        required: true,
      },
    }),
    [t],
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('sso.domains.title')}</CardTitle>
        <CardDescription>{t('sso.domains.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {domains.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('sso.domains.empty')}</p>
        ) : (
          <ul className="grid gap-3">
            {domains.map((domain) => (
              <DomainRow key={domain.domain} domain={domain} />
            ))}
          </ul>
        )}
        <Form
          // A new form after each domain added: the field starts empty again.
          key={domains.length}
          inputs={inputs}
          schema={SsoDomainInputSchema}
          request={(body: RequestBody) =>
            addSsoDomain(
              body instanceof FormData ? String(body.get('domain')) : String(body.domain),
            )
          }
          onSuccess={putSettings}
          buttonText={t('sso.domains.add')}
        />
      </CardContent>
    </Card>
  );
}
