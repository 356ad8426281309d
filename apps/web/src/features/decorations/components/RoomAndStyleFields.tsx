import Chip from '@mui/material/Chip';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { RoomType, Style } from '@estancia/contracts';
import { roomTypeOptions, styleOptions } from '../catalogue';
import { StyleSwatch } from './StyleSwatch';

interface Props {
  idPrefix: string;
  roomType: RoomType;
  style: Style;
  roomTypeLabel: string;
  styleLabel: string;
  onChange: (value: { roomType: RoomType; style: Style }) => void;
}

/** Room type and style selects; "coming soon" entries are listed with a badge but cannot be chosen. */
export function RoomAndStyleFields({
  idPrefix,
  roomType,
  style,
  roomTypeLabel,
  styleLabel,
  onChange,
}: Props) {
  const { t } = useTranslation();
  const soon = <Chip size="small" label={t('catalogue.comingSoon')} sx={{ ml: 1 }} />;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        fullWidth
        id={`${idPrefix}-room`}
        label={roomTypeLabel}
        value={roomType}
        onChange={(event) => onChange({ roomType: event.target.value as RoomType, style })}
      >
        {roomTypeOptions.map((option) => (
          <MenuItem key={option.value} value={option.value} disabled={option.comingSoon}>
            {t(`catalogue.roomTypes.${option.value}`)}
            {option.comingSoon && soon}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        fullWidth
        id={`${idPrefix}-style`}
        label={styleLabel}
        value={style}
        onChange={(event) => onChange({ roomType, style: event.target.value as Style })}
        slotProps={{
          select: {
            renderValue: (value) => (
              <Stack direction="row" spacing={1} alignItems="center">
                <StyleSwatch style={value as Style} size={20} />
                <span>{t(`catalogue.styles.${value as Style}`)}</span>
              </Stack>
            ),
          },
        }}
      >
        {styleOptions.map((option) => (
          <MenuItem key={option.value} value={option.value} disabled={option.comingSoon}>
            <ListItemIcon>
              <StyleSwatch style={option.value} />
            </ListItemIcon>
            <ListItemText>{t(`catalogue.styles.${option.value}`)}</ListItemText>
            {option.comingSoon && soon}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
