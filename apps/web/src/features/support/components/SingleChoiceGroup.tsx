import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../../shared/forms';

/**
 * A required radio group bound to a one-item array field (the contract keeps the contact request's volume
 * band a list); its error names the whole group.
 */
export function SingleChoiceGroup<T extends FieldValues>({
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
  const picked = ((field.value ?? []) as string[])[0] ?? '';
  const errorText = fieldErrorText(t, fieldState.error?.message);
  return (
    <FormControl
      component="fieldset"
      error={Boolean(errorText)}
      margin="normal"
      fullWidth
      aria-describedby={errorText ? `${id}-error` : undefined}
    >
      <FormLabel component="legend" id={`${id}-legend`}>
        {legend}
      </FormLabel>
      <RadioGroup
        row
        name={field.name}
        aria-labelledby={`${id}-legend`}
        value={picked}
        onChange={(event) => field.onChange([event.target.value])}
      >
        {options.map((option, index) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            label={option.label}
            control={<Radio onBlur={field.onBlur} inputRef={index === 0 ? field.ref : undefined} />}
          />
        ))}
      </RadioGroup>
      {errorText && <FormHelperText id={`${id}-error`}>{errorText}</FormHelperText>}
    </FormControl>
  );
}
