/**
 * Whether server pushes can reach this tab right now. The hub connection (features/realtime, loaded at the
 * first sign-in) registers how to tell; until then, and for visitors, nothing is pushed.
 */
let probe: () => boolean = () => false;

export const hubPresence = {
  isConnected: (): boolean => probe(),
  track: (isConnected: () => boolean): void => {
    probe = isConnected;
  },
};
