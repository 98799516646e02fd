import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';

/** An action's button; while the action runs, the spinner stands where its icon was. */
export function ActionButton({
  icon: Icon,
  pending = false,
  variant = 'outline',
  onClick,
  children,
}: {
  icon: LucideIcon;
  pending?: boolean;
  variant?: ButtonProps['variant'];
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button variant={variant} loading={pending} onClick={onClick}>
      {pending ? null : <Icon aria-hidden />}
      {children}
    </Button>
  );
}
