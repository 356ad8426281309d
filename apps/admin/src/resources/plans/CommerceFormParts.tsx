import { useState } from 'react';
import { Alert, Box, Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import {
  DateTimeInput,
  InputHelperText,
  SaveButton,
  Toolbar,
  TopToolbar,
  useInput,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { AuditLink } from '../../common/AuditLink';

/** What every commerce form says first: an edit changes what is sold from now on, never what was sold. */
export const SalesNote = () => {
  const translate = useTranslate();
  return (
    <Alert severity="info" sx={{ mb: 2, width: '100%' }}>
      {translate('commerce.salesNote')}
    </Alert>
  );
};

/** Save only: the product's tiers and packs are fixed (edited, never created or deleted). */
export const SaveOnlyToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

/** The edit page's actions: the record's rows of the audit log. */
export const AuditActions = ({ resource }: { resource: string }) => (
  <TopToolbar>
    <AuditLink resource={resource} />
  </TopToolbar>
);

/** A titled part of a long form, so a tablet reader finds prices, rights and dates apart. */
export const FormSection = ({ title, children }: { title: string; children: React.ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2, width: '100%', minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 500, mb: 1 }}>
        {translate(title)}
      </Typography>
      <Stack sx={{ width: '100%' }}>{children}</Stack>
    </Box>
  );
};

/** On sale from / until: empty means no bound. */
export const AvailabilityInputs = () => {
  const translate = useTranslate();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} columnGap={2} sx={{ width: '100%' }}>
      <DateTimeInput source="availableFrom" helperText={translate('commerce.noBound')} />
      <DateTimeInput source="availableUntil" helperText={translate('commerce.noBound')} />
    </Stack>
  );
};

const keepValue = (value: unknown) => value;

/**
 * A count that may be unlimited (stored as null): a number, and a box that says "unlimited". Emptied while limited,
 * the value is '' so the form refuses it rather than reading it as unlimited.
 */
export const UnlimitedCountInput = ({
  source,
  unlimitedLabel = 'commerce.unlimited',
  min = 0,
}: {
  source: string;
  unlimitedLabel?: string;
  min?: number;
}) => {
  const translate = useTranslate();
  const resource = useResourceContext();
  // Identity format and parse: react-admin's defaults turn null into '' and back, which would blur the two meanings.
  const { field, fieldState, id } = useInput({ source, format: keepValue, parse: keepValue });
  const unlimited = field.value === null;
  const [typed, setTyped] = useState(typeof field.value === 'number' ? String(field.value) : '');
  const toValue = (text: string) => (text === '' || Number.isNaN(Number(text)) ? '' : Number(text));
  const label = translate(`resources.${resource}.fields.${source}`);
  return (
    <Stack direction="row" sx={{ alignItems: 'flex-start', columnGap: 2, flexWrap: 'wrap' }}>
      <TextField
        id={id}
        name={field.name}
        inputRef={field.ref}
        label={label}
        type="number"
        size="small"
        value={unlimited ? '' : typed}
        disabled={unlimited}
        onChange={(event) => {
          setTyped(event.target.value);
          field.onChange(toValue(event.target.value));
        }}
        onBlur={field.onBlur}
        error={fieldState.invalid}
        helperText={<InputHelperText error={fieldState.error?.message} />}
        slotProps={{ htmlInput: { min, step: 1 } }}
        sx={{ minWidth: 200 }}
      />
      <FormControlLabel
        sx={{ mt: 0.5 }}
        control={
          <Checkbox
            // Two such boxes can sit on one form: each names its own figure for a screen reader.
            slotProps={{ input: { 'aria-label': translate('commerce.unlimitedFor', { field: label }) } }}
            checked={unlimited}
            onChange={(event) => field.onChange(event.target.checked ? null : toValue(typed))}
          />
        }
        label={translate(unlimitedLabel)}
      />
    </Stack>
  );
};
