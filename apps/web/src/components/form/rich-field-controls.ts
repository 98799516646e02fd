import type { FormInputType } from './form-definition';
import type * as RichFieldControlModuleNamespace from './rich-field-control';

type RichFieldControlModule = typeof RichFieldControlModuleNamespace;

/** Input types drawn by RichFieldControl, which loads on first use. */
export const RICH_FIELD_TYPES: ReadonlySet<FormInputType> = new Set([
  'select',
  'multi-select',
  'switch',
  'checkbox',
]);

// With React's `status` and `value` set once it settles, so that `use()` reads a module that
// is already in without suspending (and showing the placeholder) again.
type Tracked = Promise<RichFieldControlModule> & {
  status?: 'pending' | 'fulfilled' | 'rejected';
  value?: RichFieldControlModule;
  reason?: unknown;
};

let loading: Tracked | null = null;

/**
 * The chunk with the select, multi-select, switch and checkbox controls (Radix Select and Popover
 * bring floating-ui and the scroll lock: a good part of what the sign-in page would otherwise
 * download first). Loaded once; after a failed download (offline) the next call tries again.
 */
export function loadRichFieldControls(): Promise<RichFieldControlModule> {
  if (!loading) {
    const promise: Tracked = import('./rich-field-control').then(
      (module) => {
        promise.status = 'fulfilled';
        promise.value = module;
        return module;
      },
      (error: unknown) => {
        promise.status = 'rejected';
        promise.reason = error;
        loading = null;
        throw error;
      },
    );
    loading = promise;
  }
  return loading;
}

/** Starts loading the rich controls ahead of a form that will need them. */
export function preloadRichFieldControls(): void {
  loadRichFieldControls().catch(() => undefined);
}
