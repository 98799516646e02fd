import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { formatMoney } from '@partner-portal/shared/money';
import { PLANS } from '@partner-portal/shared/plans';
import { i18n } from '@/lib/i18n';
import { PlanCards } from './plan-cards';

/*
 * The plan screens' prices (docs/billing.md "Prices"): Pro is priced per member, and its card
 * says the least it costs, so nobody expects $39 for a team of one. In both languages.
 */
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const proCard = () => screen.getByRole('radio', { name: /^Pro/ }).closest('label');

describe('PlanCards prices', () => {
  it('shows Pro per member, with its minimum of seats and what that costs', () => {
    render(<PlanCards plans={PLANS} value="free_pro" onChange={() => {}} label="Plans" />);
    expect(proCard()).toHaveTextContent('$39.00 per member per month');
    expect(proCard()).toHaveTextContent('At least 3 members billed: from $117.00 per month');
    expect(screen.getByRole('radio', { name: /^Plus AI/ }).closest('label')).toHaveTextContent(
      '$99.00 per month',
    );
  });

  it('says the same in Spanish', async () => {
    await i18n.changeLanguage('es');
    render(<PlanCards plans={PLANS} value="free_pro" onChange={() => {}} label="Planes" />);
    // The page's text has its no-break spaces made plain, as the matcher reads it.
    const money = (cents: number) => formatMoney(cents, 'usd', 'es').replace(/\s/g, ' ');
    const [seat, minimum] = [money(3900), money(11700)];
    expect(proCard()).toHaveTextContent(`${seat} por miembro al mes`);
    expect(proCard()).toHaveTextContent(`Se facturan al menos 3 miembros: desde ${minimum} al mes`);
  });
});
