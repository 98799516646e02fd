import { Toast } from 'radix-ui';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_SWIPE_THRESHOLD_PX,
} from '@partner-portal/shared/constants';
import { cn } from '@/lib/cn';
import { dismissToast, useToasts, type ToastVariant } from './toast-store';

const VARIANT_CLASSES: Record<ToastVariant, string> = {
  default: 'border-border bg-card text-card-foreground',
  success: 'border-success/40 bg-card text-card-foreground',
  info: 'border-info/40 bg-card text-card-foreground',
  error: 'border-destructive bg-destructive text-destructive-foreground',
};

/** The notification area (docs/product.md#errors, docs/product.md#constants-and-limits): error toasts red with an alert icon, others a check. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToasts();
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label={t('ui.toast.label')}
    >
      {toasts.map((item) => {
        const Icon = item.variant === 'error' ? CircleAlert : CircleCheck;
        return (
          <Toast.Root
            key={item.id}
            open={item.open}
            duration={item.duration}
            type={item.variant === 'error' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) dismissToast(item.id);
            }}
            data-variant={item.variant}
            className={cn(
              'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=closed]:opacity-0',
              VARIANT_CLASSES[item.variant ?? 'default'],
            )}
          >
            <Icon
              aria-hidden
              data-icon={item.variant === 'error' ? 'alert' : 'check'}
              className={cn(
                'mt-0.5 size-5 shrink-0',
                item.variant === 'success' && 'text-success',
                item.variant === 'info' && 'text-info',
              )}
            />
            <div className="grid gap-1">
              <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
              {item.description ? (
                <Toast.Description className="text-sm opacity-90">
                  {item.description}
                </Toast.Description>
              ) : null}
            </div>
            {item.action ? (
              <Toast.Action
                altText={item.action.text}
                onClick={item.action.onClick}
                className="ml-auto shrink-0 rounded-md border border-current/30 px-3 py-1 text-sm font-medium"
              >
                {item.action.text}
              </Toast.Action>
            ) : null}
            <Toast.Close
              aria-label={t('ui.toast.close')}
              className="absolute top-3 right-3 rounded-sm opacity-70 hover:opacity-100"
            >
              <X aria-hidden className="size-4" />
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <Toast.Viewport
        hotkey={[...TOAST_HOTKEY]}
        label={t('ui.toast.viewport')}
        className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-sm"
      />
    </Toast.Provider>
  );
}
