import { createContext, useContext } from 'react';

/**
 * Waits for the first data of every section the workbook opens with, then calls `onDone` once.
 * The host page places what sits below the frame (a plan offer) only after the workbook says it
 * loaded and its height stops moving: said before the sections had their rows, a slow table could
 * grow the frame after that and push the offer down (a layout shift the user sees).
 *
 * Sections start their loads in the commit that draws them, before the workbook's own effect
 * runs; that effect calls `seal`, after which nothing new is waited for (a section drawn later,
 * or a second load of the same section, is not part of the opening).
 */
export interface FirstLoads {
  /** A section's first load began: call what it returns once that load has drawn or failed. */
  begin: () => () => void;
  /** Every section of the opening has begun its load. */
  seal: () => void;
}

export function createFirstLoads(onDone: () => void): FirstLoads {
  let pending = 0;
  let sealed = false;
  let done = false;
  const check = () => {
    if (!sealed || done || pending > 0) return;
    done = true;
    onDone();
  };
  return {
    begin: () => {
      if (sealed) return () => {};
      pending += 1;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        pending -= 1;
        check();
      };
    },
    seal: () => {
      sealed = true;
      check();
    },
  };
}

export const FirstLoadsContext = createContext<FirstLoads | null>(null);

export const useFirstLoads = () => useContext(FirstLoadsContext);
