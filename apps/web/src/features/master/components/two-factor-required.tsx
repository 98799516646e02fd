import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** The console opens only to operators with 2FA on: this says so, and where to turn it on. */
export function TwoFactorRequired({ setUpHref }: { setUpHref: string }) {
  const { t } = useTranslation();
  return (
    <Card
      role="region"
      aria-labelledby="console-2fa-title"
      className="max-w-2xl border-warning/50"
      data-testid="console-2fa-required"
    >
      <CardHeader>
        <ShieldAlert aria-hidden className="size-8 text-warning" />
        <CardTitle id="console-2fa-title">{t('master.two_factor.title')}</CardTitle>
        <CardDescription>{t('master.two_factor.body')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link to={setUpHref}>{t('master.two_factor.action')}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
