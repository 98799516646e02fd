type Navigator = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigator = (to) => window.location.assign(to);

/** The router registers its navigate here so code outside React (error handler) can redirect. */
export function setNavigator(fn: Navigator): void {
  navigator = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigator(to, options);
}
