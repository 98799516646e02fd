import { Avatar } from 'radix-ui';
import { cn } from '@/lib/cn';

const SIZES = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-14 text-lg' } as const;

/** docs/product.md#screens-and-routes: the user's picture, or the first letter of the name when there is none. */
export function UserAvatar({
  name,
  src,
  size = 'md',
  className,
}: {
  name: string;
  src?: string | null;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <Avatar.Root
      className={cn(
        'relative inline-flex shrink-0 overflow-hidden rounded-full',
        SIZES[size],
        className,
      )}
    >
      {src ? <Avatar.Image src={src} alt={name} className="size-full object-cover" /> : null}
      <Avatar.Fallback
        className="flex size-full items-center justify-center bg-primary font-semibold text-primary-foreground"
        aria-label={name}
        role="img"
      >
        {initial}
      </Avatar.Fallback>
    </Avatar.Root>
  );
}
