import { Chip, type ChipProps, Stack, Typography } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { type TranslateFunction, useRecordContext, useTranslate } from 'react-admin';
import { type Review, type ReviewSlaState, type ReviewState } from '@estancia/contracts';
import { WhenField } from '../../common/WhenField';

const STATE_COLOURS: Record<ReviewState, ChipProps['color']> = {
  drafting: 'default',
  queued: 'info',
  claimed: 'primary',
  delivered: 'success',
};

// Open reviews are filled chips (they ask for attention); delivered ones are outlined (history).
const SLA_LOOK: Record<ReviewSlaState, Pick<ChipProps, 'color' | 'variant'>> = {
  on_time: { color: 'success', variant: 'filled' },
  at_risk: { color: 'warning', variant: 'filled' },
  overdue: { color: 'error', variant: 'filled' },
  met: { color: 'success', variant: 'outlined' },
  missed: { color: 'error', variant: 'outlined' },
};

export const ReviewStateChip = () => {
  const record = useRecordContext<Review>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={STATE_COLOURS[record.state]}
      label={translate(`console.reviewStates.${record.state}`)}
    />
  );
};

export const SlaChip = () => {
  const record = useRecordContext<Review>();
  const translate = useTranslate();
  if (!record) return null;
  return <Chip size="small" {...SLA_LOOK[record.sla]} label={translate(`console.slaStates.${record.sla}`)} />;
};

/** The structure guard saw walls, windows or doors move in the draft; nothing when it did not. */
export const StructureChangedChip = () => {
  const record = useRecordContext<Review>();
  const translate = useTranslate();
  if (!record?.structureChanged) return null;
  return (
    <Chip
      size="small"
      color="warning"
      icon={<WarningAmberIcon />}
      label={translate('console.reviews.structureChanged')}
    />
  );
};

/** Working time as "12 h 30 min", "3 h" or "45 min" (whole minutes, rounded down). */
export const formatWorkingTime = (ms: number, translate: TranslateFunction): string => {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return translate('console.reviews.minutes', { minutes: rest });
  if (rest === 0) return translate('console.reviews.hours', { hours });
  return translate('console.reviews.hoursMinutes', { hours, minutes: rest });
};

/** "12 h 30 min left" or "3 h overdue", in working hours; nothing once delivered. */
export const timeLeftText = (workingMsLeft: number | null, translate: TranslateFunction): string | null =>
  workingMsLeft === null
    ? null
    : translate(workingMsLeft >= 0 ? 'console.reviews.timeLeft' : 'console.reviews.overdueBy', {
        time: formatWorkingTime(workingMsLeft, translate),
      });

/** The deadline, and under it the working time left (or past). */
export const DeadlineField = () => {
  const record = useRecordContext<Review>();
  const translate = useTranslate();
  if (!record) return null;
  const left = timeLeftText(record.workingMsLeft, translate);
  return (
    <Stack component="span">
      <WhenField source="deadlineAt" />
      {left && (
        <Typography
          component="span"
          variant="caption"
          color={record.workingMsLeft !== null && record.workingMsLeft < 0 ? 'error' : 'text.secondary'}
          title={translate('console.reviews.workingHours')}
        >
          {left}
        </Typography>
      )}
    </Stack>
  );
};

export const ClaimedByField = () => {
  const record = useRecordContext<Review>();
  if (!record) return null;
  return (
    <Typography component="span" variant="body2">
      {record.claimedBy?.name ?? '—'}
    </Typography>
  );
};

export const CustomerEmailField = () => {
  const record = useRecordContext<Review>();
  if (!record) return null;
  return (
    <Typography component="span" variant="body2">
      {record.customer.email}
    </Typography>
  );
};
