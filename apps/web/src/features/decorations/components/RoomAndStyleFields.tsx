import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { BASIC_ROOM_TYPES, BASIC_STYLES, type RoomType, type Style } from '@estancia/contracts';
import { pathTo } from '../../../app/route-meta';
import { roomTypeOptions, styleOptions } from '../catalogue';
import type { RoomAndStyleLock } from '../hooks/useRoomAndStyleLock';
import { StyleSwatch } from './StyleSwatch';

interface Props {
  idPrefix: string;
  roomType: RoomType;
  style: Style;
  roomTypeLabel: string;
  styleLabel: string;
  onChange: (value: { roomType: RoomType; style: Style }) => void;
  /**
   * Set when the plan lacks all rooms and styles (useRoomAndStyleLock). The free try passes it too: a visitor
   * sees what they could order after registering, and which choices need a plan.
   */
  lock?: RoomAndStyleLock | null;
  /** What a redone decoration already has: it stays choosable, as the API lets it be rendered again. */
  keep?: { roomType: RoomType; style: Style };
  /** Runs before the plans link leaves the page (the wizard saves its draft). */
  onLeave?: () => void | Promise<void>;
}

/**
 * Room type and style selects. "Coming soon" entries and, when the plan does not include them, the rooms
 * and styles past the basic ones are listed (so the customer sees what a better plan brings) but cannot
 * be chosen.
 */
export function RoomAndStyleFields({
  idPrefix,
  roomType,
  style,
  roomTypeLabel,
  styleLabel,
  onChange,
  lock,
  keep,
  onLeave,
}: Props) {
  const { t } = useTranslation();
  const soon = <Chip size="small" label={t('catalogue.comingSoon')} sx={{ ml: 1 }} />;
  const lockedRoom = (value: RoomType) =>
    Boolean(lock) && value !== keep?.roomType && !BASIC_ROOM_TYPES.includes(value);
  const lockedStyle = (value: Style) =>
    Boolean(lock) && value !== keep?.style && !BASIC_STYLES.includes(value);
  const plan = lock?.unlockedBy;
  const lockedChip = (
    <Chip
      size="small"
      variant="outlined"
      icon={<LockOutlinedIcon />}
      label={plan ? t('wizard.lockedOption', { plan }) : t('wizard.lockedOptionAnyPlan')}
      sx={{ ml: 1 }}
    />
  );
  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          fullWidth
          id={`${idPrefix}-room`}
          label={roomTypeLabel}
          value={roomType}
          onChange={(event) => onChange({ roomType: event.target.value as RoomType, style })}
        >
          {roomTypeOptions.map((option) => {
            const locked = !option.comingSoon && lockedRoom(option.value);
            return (
              <MenuItem key={option.value} value={option.value} disabled={option.comingSoon || locked}>
                {t(`catalogue.roomTypes.${option.value}`)}
                {option.comingSoon && soon}
                {locked && lockedChip}
              </MenuItem>
            );
          })}
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
          {styleOptions.map((option) => {
            const locked = !option.comingSoon && lockedStyle(option.value);
            return (
              <MenuItem key={option.value} value={option.value} disabled={option.comingSoon || locked}>
                <ListItemIcon>
                  <StyleSwatch style={option.value} />
                </ListItemIcon>
                <ListItemText>{t(`catalogue.styles.${option.value}`)}</ListItemText>
                {option.comingSoon && soon}
                {locked && lockedChip}
              </MenuItem>
            );
          })}
        </TextField>
      </Stack>
      {lock && (
        <Typography variant="body2" color="text.secondary">
          <LockOutlinedIcon fontSize="inherit" aria-hidden sx={{ verticalAlign: 'middle', mr: 0.5 }} />
          {plan ? t('wizard.lockedHint', { plan }) : t('wizard.lockedHintAnyPlan')}{' '}
          <Link
            component={RouterLink}
            to={pathTo('Offers')}
            underline="always"
            onClick={() => void onLeave?.()}
          >
            {t('wizard.seePlans')}
          </Link>
        </Typography>
      )}
    </Stack>
  );
}
