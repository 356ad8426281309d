import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../shared/FormTextField';

/**
 * A password field bound to react-hook-form with a show/hide button, so a password typed on a phone can be
 * checked before sending: sign-in, register, reset and the account's password change.
 */
export function PasswordField<T extends FieldValues>({
  control,
  name,
  id,
  label,
  autoComplete,
  hint,
  required,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  id: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  hint?: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      control={control}
      name={name}
      id={id}
      label={label}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      hint={hint}
      required={required}
      slotProps={{
        htmlInput: { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                aria-label={t(visible ? 'auth.hidePassword' : 'auth.showPassword')}
                aria-controls={id}
                onClick={() => setVisible((shown) => !shown)}
                // Keeps the caret in the field: the button does not take focus on a mouse press.
                onMouseDown={(event) => event.preventDefault()}
              >
                {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
