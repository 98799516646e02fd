import { toast } from '@/components/ui/toast-store';

/** Copies to the clipboard and says so; a refusal (no permission, no secure context) says what to do instead. */
export function copyText(text: string, messages: { done: string; failed: string }): void {
  const copied = navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard'));
  copied.then(
    () => toast({ variant: 'success', title: messages.done }),
    () => toast({ variant: 'error', title: messages.failed }),
  );
}
