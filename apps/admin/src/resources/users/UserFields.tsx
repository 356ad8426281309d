import { Chip, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { type AdminUser } from '@estancia/contracts';

/** The active plan's code (the product's own names, the same in every language), or that there is none. */
export const PlanField = (_props: { source?: string; label?: string }) => {
  const user = useRecordContext<AdminUser>();
  const translate = useTranslate();
  if (!user) return null;
  return (
    <Typography component="span" variant="body2" color={user.plan ? 'textPrimary' : 'textSecondary'}>
      {user.plan ?? translate('console.customers.noPlan')}
    </Typography>
  );
};

/** A chip only for a blocked account: the exception is what the eye should catch in a long list. */
export const BlockedChip = (_props: { source?: string; label?: string }) => {
  const user = useRecordContext<AdminUser>();
  const translate = useTranslate();
  if (!user?.blocked) return null;
  return <Chip size="small" color="error" label={translate('console.customers.blockedChip')} />;
};
