import { Link as MuiLink, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useCreatePath, useTranslate } from 'react-admin';

/**
 * A customer's name and e-mail, linking to their page (`/users/:id/show`). An erased account (GDPR) keeps its
 * payments without the person: it reads as such, with no link.
 */
export const CustomerLink = ({
  id,
  name,
  email,
}: {
  id: string | null;
  name: string | null;
  email: string | null;
}) => {
  const createPath = useCreatePath();
  const translate = useTranslate();
  if (!id) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        {translate('commerce.erasedCustomer')}
      </Typography>
    );
  }
  return (
    <Stack component="span" sx={{ overflowWrap: 'anywhere' }}>
      <MuiLink
        component={Link}
        to={createPath({ resource: 'users', id, type: 'show' })}
        // Inside a clickable row, the link opens the customer, not the row's own page.
        onClick={(event: React.MouseEvent) => event.stopPropagation()}
        variant="body2"
      >
        {name || email}
      </MuiLink>
      {name && email && (
        <Typography component="span" variant="caption" color="text.secondary">
          {email}
        </Typography>
      )}
    </Stack>
  );
};
