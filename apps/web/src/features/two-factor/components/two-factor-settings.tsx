import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import { Copy, Download } from 'lucide-react';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { copyText } from '@/lib/copy-text';
import { updateSession, useSession } from '@/lib/session-store';
import { CODE_LENGTH } from '@partner-portal/shared/field-limits';
import { confirmTwoFactorSetup, disableTwoFactor, useStartTwoFactorSetup } from '../api/two-factor';

/** Saves the backup code as a small text file, so it can be kept away from the phone. */
function downloadBackupCode(text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'partner-portal-backup-code.txt';
  link.click();
  URL.revokeObjectURL(url);
}

type Step =
  | { kind: 'idle' }
  | { kind: 'scan'; qr: string; secret: string }
  | { kind: 'backup'; code: string }
  | { kind: 'disable' };

/**
 * docs/product.md#screens-and-routes "2FA": a switch; turning it on shows a QR code and a code entry, then the backup code
 * with a warning to store it safely. Turning it off asks for a current code.
 */
export function TwoFactorSettings() {
  const { t } = useTranslation();
  const session = useSession();
  const enabled = session?.['2fa_enabled'] ?? false;
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const setup = useStartTwoFactorSetup();
  const codeInput = useMemo<FormInputs>(
    () => ({ code: { type: 'otp', label: t('auth.otp.code_label'), required: true } }),
    [t],
  );

  const toggle = (on: boolean) => {
    if (!on) return setStep(enabled ? { kind: 'disable' } : { kind: 'idle' });
    setup.mutate(undefined, {
      onSuccess: (data) =>
        setStep({ kind: 'scan', qr: data.qr_code ?? '', secret: data.secret ?? '' }),
    });
  };

  // The switch says what is true now: off while a setup waits for its first code, on while a
  // turning-off waits for one. It is held still meanwhile; the open step has its own Cancel.
  const pending = step.kind === 'scan' || step.kind === 'disable';
  const cancel = () => setStep({ kind: 'idle' });
  return (
    <div className="grid gap-4">
      {enabled && step.kind !== 'backup' ? (
        <Banner variant="success" title={t('two_factor.enabled_title')}>
          {t('two_factor.enabled_body')}
        </Banner>
      ) : step.kind === 'idle' ? (
        <Banner variant="info" title={t('two_factor.recommend_title')}>
          {t('two_factor.recommend_body')}
        </Banner>
      ) : null}
      <Card>
        <CardContent className="flex items-center justify-between gap-4 p-6">
          <Label htmlFor="two-factor-switch" className="grid gap-1">
            <span>{t('two_factor.switch')}</span>
            <span className="text-sm font-normal text-muted-foreground">
              {t(
                step.kind === 'scan'
                  ? 'two_factor.switch_pending_on'
                  : step.kind === 'disable'
                    ? 'two_factor.switch_pending_off'
                    : 'two_factor.switch_hint',
              )}
            </span>
          </Label>
          <Switch
            id="two-factor-switch"
            checked={enabled}
            disabled={setup.isPending || pending}
            onCheckedChange={toggle}
          />
        </CardContent>
      </Card>
      {step.kind === 'scan' ? (
        <Card>
          <CardHeader>
            <CardTitle>{t('two_factor.scan_title')}</CardTitle>
            <CardDescription>{t('two_factor.scan_body')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <img
              src={step.qr}
              alt={t('two_factor.qr_alt')}
              className="size-44 rounded-md border border-border bg-white p-2"
            />
            <p className="text-sm text-muted-foreground">
              {t('two_factor.manual')}{' '}
              <code
                className="font-mono text-sm break-all text-foreground"
                data-testid="totp-secret"
              >
                {step.secret}
              </code>
            </p>
            <div data-testid="totp-code-entry">
              <Form
                inputs={codeInput}
                request={confirmTwoFactorSetup}
                buttonText={t('two_factor.verify')}
                onSuccess={(data) => {
                  setStep({ kind: 'backup', code: data.backup_code });
                  updateSession({ '2fa_enabled': true });
                }}
              />
            </div>
            <Button variant="outline" className="w-fit" onClick={cancel}>
              {t('two_factor.cancel_setup')}
            </Button>
          </CardContent>
        </Card>
      ) : null}
      {step.kind === 'backup' ? (
        <Banner variant="warning" title={t('two_factor.backup_title')}>
          <p>{t('two_factor.backup_body')}</p>
          <p className="mt-2 font-mono text-lg tracking-widest" data-testid="backup-code">
            {step.code}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                copyText(step.code, {
                  done: t('two_factor.backup_copied'),
                  failed: t('two_factor.backup_copy_failed'),
                })
              }
            >
              <Copy aria-hidden />
              {t('two_factor.backup_copy')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                downloadBackupCode(
                  t('two_factor.backup_file', { code: step.code, email: session?.email ?? '' }),
                )
              }
            >
              <Download aria-hidden />
              {t('two_factor.backup_download')}
            </Button>
          </div>
        </Banner>
      ) : null}
      {step.kind === 'disable' ? (
        <Card>
          <CardHeader>
            <CardTitle>{t('two_factor.disable_title')}</CardTitle>
            <CardDescription>{t('two_factor.disable_body')}</CardDescription>
          </CardHeader>
          <CardContent>
            <Form
              inputs={{
                code: {
                  type: 'text',
                  label: t('auth.otp.code_or_backup'),
                  required: true,
                  ...CODE_LENGTH,
                },
                '2fa_enabled': { type: 'hidden', value: false },
              }}
              request={disableTwoFactor}
              buttonText={t('two_factor.disable')}
              onSuccess={() => {
                updateSession({ '2fa_enabled': false });
                setStep({ kind: 'idle' });
              }}
            />
            <Button variant="outline" className="mt-4 w-fit" onClick={cancel}>
              {t('two_factor.keep_on')}
            </Button>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
