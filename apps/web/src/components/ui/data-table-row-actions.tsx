import { useRef, type ReactNode } from 'react';
import { MoreHorizontal } from 'lucide-react';
import { Button } from './button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from './dropdown-menu';

export interface RowAction {
  label: string;
  onSelect?: () => void;
  /** Makes the item a real link (e.g. a mailto: address) instead of a command. */
  href?: string;
  destructive?: boolean;
  icon?: ReactNode;
}

/**
 * A row's "…" menu. A command runs once the menu has closed, with focus back on this button:
 * a dialog the command opens then remembers the button and returns focus to it when it closes
 * (keyboard users keep their place in the table), and the menu and the dialog don't fight over
 * focus.
 */
export function RowActionsMenu({ label, actions }: { label: string; actions: RowAction[] }) {
  const trigger = useRef<HTMLButtonElement>(null);
  const runAfterClose = (run: () => void) => () => {
    setTimeout(() => {
      trigger.current?.focus();
      run();
    }, 0);
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button ref={trigger} variant="ghost" size="icon" aria-label={label}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {actions.map((action) => (
          <DropdownMenuItem
            key={action.label}
            destructive={action.destructive}
            onSelect={action.onSelect ? runAfterClose(action.onSelect) : undefined}
            asChild={action.href !== undefined}
          >
            {action.href !== undefined ? (
              <a href={action.href}>
                {action.icon}
                {action.label}
              </a>
            ) : (
              <>
                {action.icon}
                {action.label}
              </>
            )}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
