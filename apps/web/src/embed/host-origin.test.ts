import { afterEach, describe, expect, it, vi } from 'vitest';
import { appHref, hostOrigin } from './host-origin';

function framed(): void {
  vi.spyOn(window, 'parent', 'get').mockReturnValue({} as Window);
}

function ancestorOrigins(origins: string[] | undefined): void {
  const list = origins && Object.assign([...origins], { contains: () => false, item: () => null });
  vi.spyOn(window, 'location', 'get').mockReturnValue({
    ...window.location,
    origin: window.location.origin,
    ancestorOrigins: list as unknown as DOMStringList,
  });
}

describe('hostOrigin', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is null on a page opened on its own, and links stay on this origin', () => {
    expect(hostOrigin()).toBeNull();
    expect(appHref('/account/data')).toBe('/account/data');
  });

  it('names the app from the ancestor origins where the browser lists them', () => {
    framed();
    ancestorOrigins(['https://portal.example.com']);
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://elsewhere.example/');
    expect(hostOrigin()).toBe('https://portal.example.com');
    expect(appHref('/account/data')).toBe('https://portal.example.com/account/data');
  });

  it('falls back to the referrer, which carries the app origin to another site', () => {
    framed();
    ancestorOrigins(undefined);
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('http://localhost:8080/');
    expect(hostOrigin()).toBe('http://localhost:8080');
  });

  it('takes its own origin when nothing names the parent (a frame on the app origin)', () => {
    framed();
    ancestorOrigins(undefined);
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('');
    expect(hostOrigin()).toBe(window.location.origin);
  });
});
