import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../../shared/forms';

/** A required group of checkboxes bound to an array field; its error names the whole group. */
export function ChoiceGroup<T extends FieldValues>({
  control,
  name,
  id,
  legend,
  options,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  id: string;
  legend: string;
  options: readonly { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name, control });
  const picked = (field.value ?? []) as string[];
  const errorText = fieldErrorText(t, fieldState.error?.message);
  const toggle = (value: string, on: boolean) =>
    field.onChange(on ? [...picked, value] : picked.filter((p) => p !== value));
  return (
    <FormControl
      component="fieldset"
      error={Boolean(errorText)}
      margin="normal"
      fullWidth
      aria-describedby={errorText ? `${id}-error` : undefined}
    >
      <FormLabel component="legend">{legend}</FormLabel>
      <FormGroup row>
        {options.map((option, index) => (
          <FormControlLabel
            key={option.value}
            label={option.label}
            control={
              <Checkbox
                checked={picked.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
                onBlur={field.onBlur}
                name={`${field.name}.${option.value}`}
                inputRef={index === 0 ? field.ref : undefined}
              />
            }
          />
        ))}
      </FormGroup>
      {errorText && <FormHelperText id={`${id}-error`}>{errorText}</FormHelperText>}
    </FormControl>
  );
}
