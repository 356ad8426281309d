import { useState } from 'react';

export interface ShownSecret {
  /** What the secret is: an API key or a webhook endpoint's signing secret (the dialog's wording follows it). */
  kind: 'key' | 'webhook';
  title: string;
  text: string;
  secret: string;
}

/**
 * The secret a dialog shows once. It stays while the dialog fades out (no blank dialog) and is dropped
 * when the dialog has gone, so nothing keeps it afterwards.
 */
export function useShownSecret() {
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [open, setOpen] = useState(false);
  return {
    shown,
    open,
    show: (secret: ShownSecret) => {
      setShown(secret);
      setOpen(true);
    },
    close: () => setOpen(false),
    exited: () => setShown(null),
  };
}

export type ShownSecretState = ReturnType<typeof useShownSecret>;
