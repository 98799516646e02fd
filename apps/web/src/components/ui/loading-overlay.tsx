import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLoading } from './loading-store';

export function LoadingOverlay({ show, label }: { show: boolean; label?: string }) {
  const { t } = useTranslation();
  if (!show) return null;
  return (
    <div
      role="status"
      aria-busy="true"
      aria-live="polite"
      className="fixed inset-0 z-[90] flex items-center justify-center bg-background/70 backdrop-blur-sm"
    >
      <Loader2 aria-hidden className="size-8 animate-spin text-primary" />
      <span className="sr-only">{label ?? t('ui.loading')}</span>
    </div>
  );
}

export function GlobalLoadingOverlay() {
  return <LoadingOverlay show={useLoading()} />;
}
