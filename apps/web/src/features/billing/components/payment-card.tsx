import { useMemo } from 'react';
import { CreditCard } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PaymentsSettings } from '@partner-portal/shared/billing';
import { CARD_BRAND_NAMES, type CardSummary } from '@partner-portal/shared/card';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast-store';
import { billingKeys, replaceCard } from '../api/billing-api';
import { cardFieldDefinition, cardPaymentFlow } from './card-field';
import { TestModeNote } from './test-mode-note';

export function CardLine({ card }: { card: CardSummary }) {
  const { t } = useTranslation();
  return (
    <span data-testid="billing-card">
      {t('billing.card.summary', {
        brand: CARD_BRAND_NAMES[card.brand] ?? t('billing.card.generic'),
        last4: card.last4,
        month: String(card.exp_month).padStart(2, '0'),
        year: String(card.exp_year).slice(-2),
      })}
    </span>
  );
}

/** PUT /api/account/billing/card: a new default card, approved by its holder when it asks. */
function UpdateCardForm({ onDone, payments }: { onDone: () => void; payments: PaymentsSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inputs = useMemo<FormInputs>(
    () => ({ token: cardFieldDefinition(t, payments) }),
    [t, payments],
  );
  const payment = useMemo(() => cardPaymentFlow<object>(t, payments), [t, payments]);
  return (
    <Form<object>
      request={replaceCard}
      inputs={inputs}
      payment={payment}
      onSuccess={() => {
        toast({ variant: 'success', title: t('billing.card.updated') });
        void queryClient.invalidateQueries({ queryKey: billingKeys.all });
        onDone();
      }}
      buttonText={t('billing.card.save')}
    />
  );
}

/** The card on file (brand •••• last 4, expiry) and Update card. */
export function PaymentCard({
  card,
  payments,
  updating,
  onUpdatingChange,
}: {
  card: CardSummary | null;
  payments: PaymentsSettings;
  updating: boolean;
  onUpdatingChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <CreditCard aria-hidden className="size-5" />
          {t('billing.card.title')}
        </CardTitle>
        <Button variant="outline" onClick={() => onUpdatingChange(true)}>
          {card ? t('billing.card.update') : t('billing.card.add')}
        </Button>
      </CardHeader>
      <CardContent className="text-sm">
        {card ? (
          <CardLine card={card} />
        ) : (
          <p className="text-muted-foreground">{t('billing.card.none')}</p>
        )}
      </CardContent>
      <Dialog open={updating} onOpenChange={onUpdatingChange}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('billing.card.update')}</DialogTitle>
            <DialogDescription>{t('billing.card.update_description')}</DialogDescription>
          </DialogHeader>
          {payments.provider === 'local' ? <TestModeNote /> : null}
          <UpdateCardForm payments={payments} onDone={() => onUpdatingChange(false)} />
        </DialogContent>
      </Dialog>
    </Card>
  );
}
