import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../../shared/forms';

/**
 * A required group bound to an array field; its error names the whole group. `single` shows radios and keeps
 * the one pick as a one-item list (the contract keeps the contact request's volume band a list).
 */
export function ChoiceGroup<T extends FieldValues>({
  control,
  name,
  id,
  legend,
  options,
  single = false,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  id: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  single?: boolean;
}) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name, control });
  const picked = (field.value ?? []) as string[];
  const errorText = fieldErrorText(t, fieldState.error?.message);
  const toggle = (value: string, on: boolean) =>
    field.onChange(on ? [...picked, value] : picked.filter((p) => p !== value));
  const choices = options.map((option, index) => {
    const inputRef = index === 0 ? field.ref : undefined;
    return (
      <FormControlLabel
        key={option.value}
        value={single ? option.value : undefined}
        label={option.label}
        control={
          single ? (
            <Radio onBlur={field.onBlur} inputRef={inputRef} />
          ) : (
            <Checkbox
              checked={picked.includes(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
              onBlur={field.onBlur}
              name={`${field.name}.${option.value}`}
              inputRef={inputRef}
            />
          )
        }
      />
    );
  });
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
      {single ? (
        <RadioGroup
          row
          name={field.name}
          aria-labelledby={`${id}-legend`}
          value={picked[0] ?? ''}
          onChange={(event) => field.onChange([event.target.value])}
        >
          {choices}
        </RadioGroup>
      ) : (
        <FormGroup row>{choices}</FormGroup>
      )}
      {errorText && <FormHelperText id={`${id}-error`}>{errorText}</FormHelperText>}
    </FormControl>
  );
}
