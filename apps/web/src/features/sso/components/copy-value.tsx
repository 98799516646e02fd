import { useTranslation } from 'react-i18next';
import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';

/** A value to hand to someone else's screen (an IdP's, a DNS host's), with a button to copy it. */
export function CopyValue({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1">
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
      <div className="flex min-w-0 items-start gap-2">
        <code className="min-w-0 flex-1 break-all rounded-md bg-muted px-2 py-1.5 text-xs">
          {value}
        </code>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-label={t('sso.copy', { label })}
          onClick={() => {
            void navigator.clipboard.writeText(value).then(
              () => toast({ variant: 'success', title: t('sso.copied', { label }) }),
              () => undefined,
            );
          }}
        >
          <Copy aria-hidden />
        </Button>
      </div>
    </div>
  );
}
