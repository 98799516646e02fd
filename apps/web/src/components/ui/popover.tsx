import type { ComponentProps } from 'react';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { POPOVER_SIDE_OFFSET, POPOVER_WIDTH } from '@partner-portal/shared/constants';
import { cn } from '@/lib/cn';

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;

/** docs/product.md#constants-and-limits: popovers are 18rem wide, 4 px from their trigger. */
export function PopoverContent({
  className,
  align = 'center',
  sideOffset = POPOVER_SIDE_OFFSET,
  style,
  ...props
}: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        align={align}
        sideOffset={sideOffset}
        style={{ width: POPOVER_WIDTH, ...style }}
        className={cn(
          'z-50 max-w-[calc(100vw-1rem)] rounded-md border border-border bg-card p-4 text-card-foreground shadow-lg outline-none',
          className,
        )}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
