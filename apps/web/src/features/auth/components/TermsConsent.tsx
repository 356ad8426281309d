import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { fieldErrorText } from '../../../shared/forms';
import { legalPath } from '../../legal/legal-documents';

// Our own pages, in a new tab: following the link in this one would lose what the form holds.
const legalLink = (to: string) => <Link component={RouterLink} to={to} target="_blank" underline="always" />;

/** The required "I accept the terms of use and the privacy policy" box of Register, with links to both. */
export function TermsConsent<T extends FieldValues>({
  control,
  name,
  id,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  id: string;
}) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name, control });
  const errorText = fieldErrorText(t, fieldState.error?.message);
  const errorId = `${id}-error`;
  return (
    <FormControl error={Boolean(errorText)} required fullWidth sx={{ mt: 1 }}>
      <FormControlLabel
        label={
          <Trans
            t={t}
            i18nKey="auth.acceptTerms"
            components={{ terms: legalLink(legalPath('terms')), privacy: legalLink(legalPath('privacy')) }}
          />
        }
        control={
          <Checkbox
            id={id}
            name={field.name}
            checked={Boolean(field.value)}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            slotProps={{
              input: {
                'aria-required': true,
                'aria-invalid': Boolean(errorText),
                'aria-describedby': errorText ? errorId : undefined,
              },
            }}
          />
        }
      />
      {errorText && <FormHelperText id={errorId}>{errorText}</FormHelperText>}
    </FormControl>
  );
}
