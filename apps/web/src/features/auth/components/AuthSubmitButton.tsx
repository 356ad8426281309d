import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

/** The full-width submit button that closes each sign-in card form; disabled while its call runs. */
export function AuthSubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 2 }} disabled={pending}>
      {children}
    </Button>
  );
}
