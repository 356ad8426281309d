import Button, { type ButtonProps } from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';

/** An MUI button that navigates inside the app. */
export function RouterButton({
  to,
  ...props
}: Omit<ButtonProps<typeof RouterLink>, 'component'> & { to: string }) {
  return <Button component={RouterLink} to={to} {...props} />;
}
