import { Ban, CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from './action-button';
import { useConfirmedRowAction, useRowAction } from './use-row-action';

/**
 * Enable a disabled account or user; otherwise disable ★ it, confirmed first. `texts` is the
 * prefix of the i18n keys (`….enable`, `….disable.open`, and the confirmation's under
 * `….disable`), filled in with `params`.
 */
export function DisableToggle({
  row: { id, disabled },
  enable,
  disable,
  texts,
  params,
}: {
  row: { id: string; disabled: boolean };
  enable: (id: string) => Promise<string | undefined>;
  disable: (id: string) => Promise<string | undefined>;
  texts: string;
  params: Record<string, string>;
}) {
  const { t } = useTranslation();
  const enabling = useRowAction(enable);
  const disabling = useConfirmedRowAction(disable, `${texts}.disable`);
  return disabled ? (
    <ActionButton icon={CircleCheck} pending={enabling.pending} onClick={() => enabling.run(id)}>
      {t(`${texts}.enable`)}
    </ActionButton>
  ) : (
    <ActionButton
      icon={Ban}
      variant="destructive"
      pending={disabling.pending}
      onClick={() => disabling.run(id, params)}
    >
      {t(`${texts}.disable.open`)}
    </ActionButton>
  );
}
