import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatCardNumber } from '@partner-portal/shared/card';

// The test cards worth knowing, with what each does (docs/billing.md).
const NOTED = [
  ['4242424242424242', 'succeeds'],
  ['4000002500003155', 'authenticate_first'],
  ['4000002760003184', 'authenticate_always'],
  ['4000000000000002', 'declined'],
  ['4000000000000341', 'fail_renewals'],
] as const;

/** Always shown beside the built-in processor's card form: no real money moves here. */
export function TestModeNote() {
  const { t } = useTranslation();
  return (
    <aside
      aria-labelledby="test-mode-title"
      className="grid gap-2 rounded-md border border-dashed border-warning/60 bg-warning/10 p-3 text-xs"
    >
      <p id="test-mode-title" className="flex items-center gap-2 font-semibold">
        <FlaskConical aria-hidden className="size-4" />
        {t('billing.test_mode.title')}
      </p>
      <p className="text-muted-foreground">{t('billing.test_mode.body')}</p>
      <ul className="grid gap-1">
        {NOTED.map(([number, outcome]) => (
          <li key={number} className="flex flex-wrap gap-x-2">
            <code className="font-mono">{formatCardNumber(number)}</code>
            <span className="text-muted-foreground">{t(`billing.test_mode.${outcome}`)}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
