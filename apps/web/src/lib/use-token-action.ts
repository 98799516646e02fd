import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { handleApiError } from '@/lib/error-handler';

type TokenActionState =
  | { kind: 'ready' }
  | { kind: 'working' }
  | { kind: 'done'; message: string }
  | { kind: 'invalid'; message?: string };

/**
 * A page that acts on a mailed link's token (take an e-mail back, stop the report digest) when
 * its button is pressed, never on load: mail scanners open every link in a message. A refused
 * token is the page's answer; a lost connection or a busy server (429) may be tried again.
 * `act` answers the message to show once done.
 */
export function useTokenAction(token: string | null, act: (token: string) => Promise<string>) {
  const [state, setState] = useState<TokenActionState>(
    token ? { kind: 'ready' } : { kind: 'invalid' },
  );
  const run = async () => {
    if (!token) return;
    setState({ kind: 'working' });
    try {
      setState({ kind: 'done', message: await act(token) });
    } catch (error) {
      if (
        error instanceof ApiError &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 429
      ) {
        setState({ kind: 'invalid', message: error.message });
      } else {
        setState({ kind: 'ready' });
        handleApiError(error);
      }
    }
  };
  return { state, run };
}
