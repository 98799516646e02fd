import { useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { authenticateLocalPayment } from '../api/billing-api';
import { answerAuthentication, useAuthenticationRequest } from './authentication-store';
import { formatMoney } from '@partner-portal/shared/money';

/**
 * The built-in card processor's issuer page, as a dialog: what is being paid and to whom, and
 * the cardholder's two answers. Mounted once on every screen that takes a card.
 */
export function AuthenticationDialogHost() {
  const { t, i18n } = useTranslation();
  const action = useAuthenticationRequest();
  const [busy, setBusy] = useState<'complete' | 'fail' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const answer = async (outcome: 'complete' | 'fail') => {
    if (!action) return;
    setBusy(outcome);
    setError(null);
    try {
      await authenticateLocalPayment(action.client_secret, outcome);
      answerAuthentication(outcome);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('global.error.generic'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog
      open={action !== null}
      onOpenChange={(open) => {
        if (!open && !busy) answerAuthentication('dismissed');
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <ShieldCheck aria-hidden className="size-5 text-primary" />
            {t('billing.authenticate.title')}
          </DialogTitle>
          <DialogDescription>{t('billing.authenticate.description')}</DialogDescription>
        </DialogHeader>
        {action ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-md border p-4 text-sm">
            <dt className="text-muted-foreground">{t('billing.authenticate.merchant')}</dt>
            <dd className="font-medium">Partner Portal</dd>
            <dt className="text-muted-foreground">{t('billing.authenticate.amount')}</dt>
            <dd className="font-medium" data-testid="authentication-amount">
              {formatMoney(action.amount, action.currency, i18n.language)}
            </dd>
            <dt className="text-muted-foreground">{t('billing.authenticate.for')}</dt>
            <dd>{action.description}</dd>
          </dl>
        ) : null}
        <p className="text-xs text-muted-foreground">{t('billing.authenticate.test_note')}</p>
        {error ? <Banner variant="error" title={error} /> : null}
        <DialogFooter>
          <Button
            variant="outline"
            loading={busy === 'fail'}
            disabled={busy !== null}
            onClick={() => void answer('fail')}
          >
            {t('billing.authenticate.fail')}
          </Button>
          <Button
            loading={busy === 'complete'}
            disabled={busy !== null}
            onClick={() => void answer('complete')}
          >
            {t('billing.authenticate.complete')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
