import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Class names joined, with later Tailwind utilities overriding earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * tailwind-merge builds its map of every utility on its first call: about 20 ms on a fast
 * machine and four times that on a phone, which the first render would otherwise pay inside its
 * one long task. main.tsx calls this in a task of its own while the first screen's chunks and
 * strings are still on their way (docs/performance.md#main-thread-work-on-the-dashboard).
 */
export function prepareClassMerging(): void {
  twMerge('');
}
