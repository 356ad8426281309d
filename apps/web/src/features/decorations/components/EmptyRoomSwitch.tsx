import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';

/** Asks the engine to take the furniture out of the photo before staging it; offered only when it can. */
export function EmptyRoomSwitch({
  id,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const helpId = `${id}-help`;
  return (
    <FormControl>
      <FormControlLabel
        control={
          <Switch
            id={id}
            checked={checked}
            disabled={disabled}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label={t('wizard.emptyRoom')}
      />
      <FormHelperText id={helpId} sx={{ mt: 0 }}>
        {t('wizard.emptyRoomHelp')}
      </FormHelperText>
    </FormControl>
  );
}
