import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from './forms';

type FormTextFieldProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
> & {
  name: FieldPath<T>;
  control: Control<T>;
  /** Shown under the field when there is no error. */
  hint?: string;
};

/** A MUI text field bound to react-hook-form; its error is the translated issue or API error code. */
export function FormTextField<T extends FieldValues>({
  name,
  control,
  hint,
  id,
  slotProps,
  required,
  ...rest
}: FormTextFieldProps<T>) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name, control });
  const errorText = fieldErrorText(t, fieldState.error?.message);
  return (
    <TextField
      {...rest}
      id={id ?? `field-${String(name)}`}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(errorText)}
      helperText={errorText ?? hint}
      fullWidth
      margin="normal"
      // aria-required instead of MUI's `required`: the label stays exactly its text (no " *"), which keeps
      // label look-ups exact, and the browser's own validation bubbles never replace our translated errors.
      slotProps={{
        ...slotProps,
        htmlInput: { ...slotProps?.htmlInput, 'aria-required': required || undefined },
      }}
    />
  );
}
