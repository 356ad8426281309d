import { Box, Button, Stack, type Theme, Typography, useMediaQuery } from '@mui/material';
import PersonIcon from '@mui/icons-material/Person';
import {
  DataTable,
  SelectArrayInput,
  SelectField,
  SelectInput,
  type SelectInputProps,
  SimpleList,
  TextInput,
  TopToolbar,
  useListContext,
  usePermissions,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { StaffList } from '../../common/StaffList';
import { type Review, type ReviewState } from '@estancia/contracts';
import { reviewStateChoices, roomTypeChoices, slaChoices, styleChoices } from '../../common/choices';
import {
  ClaimedByField,
  CustomerEmailField,
  DeadlineField,
  ReviewStateChip,
  SlaChip,
  StructureChangedChip,
} from './ReviewFields';
import { NextJobButton } from './NextJobButton';
import { useStaffMembers } from './reviewQueries';

/** The queue opens on the work still to do; "delivered" is one click away in the state filter. */
const OPEN_STATES: ReviewState[] = ['drafting', 'queued', 'claimed'];
/** The API's own word for "whoever is signed in". */
const MINE = 'me';

/** The decorator filter: "mine" first, then every decorator and admin by name. */
const ClaimedByInput = (props: Omit<SelectInputProps, 'choices'>) => {
  const translate = useTranslate();
  const staff = useStaffMembers();
  const choices = [
    { id: MINE, name: translate('console.reviews.mine') },
    ...staff.map((member) => ({ id: member.id, name: member.name || member.email })),
  ];
  // Names are people's names, not translation keys.
  return <SelectInput {...props} choices={choices} translateChoice={false} />;
};

const searchFilter = <TextInput key="q" source="q" label="console.reviews.search" alwaysOn resettable />;
const stateFilter = (
  <SelectArrayInput key="state" source="state" choices={reviewStateChoices} alwaysOn sx={{ minWidth: 200 }} />
);
const slaFilter = <SelectInput key="sla" source="sla" choices={slaChoices} alwaysOn sx={{ minWidth: 160 }} />;

/** Only admins may list the staff (GET admin/users); a decorator narrows to their own work with "Only mine". */
const adminFilters = [
  searchFilter,
  stateFilter,
  <ClaimedByInput key="claimedBy" source="claimedBy" alwaysOn sx={{ minWidth: 180 }} />,
  slaFilter,
];
const decoratorFilters = [searchFilter, stateFilter, slaFilter];

/** "Mine": the quick filter on what the signed-in decorator holds. */
const MineToggle = () => {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters } = useListContext<Review>();
  const mine = filterValues.claimedBy === MINE;
  const toggle = () => {
    const { claimedBy: _claimedBy, ...others } = filterValues as Record<string, unknown>;
    setFilters(mine ? others : { ...others, claimedBy: MINE }, displayedFilters);
  };
  return (
    <Button
      size="small"
      variant={mine ? 'contained' : 'outlined'}
      aria-pressed={mine}
      startIcon={<PersonIcon />}
      onClick={toggle}
    >
      {translate('console.reviews.mineToggle')}
    </Button>
  );
};

const ReviewListActions = () => (
  <TopToolbar sx={{ gap: 1, flexWrap: { xs: 'wrap', md: 'nowrap' } }}>
    <NextJobButton />
    <MineToggle />
  </TopToolbar>
);

/**
 * The job's picture (its result, or the customer's photo while the draft renders), 4 : 3 like the photos.
 * Decorative: the property and the room are written beside it.
 */
const JobThumbnail = ({ width }: { width: number }) => {
  const review = useRecordContext<Review>();
  if (!review) return null;
  return (
    <Box
      component="img"
      src={review.thumbnailUrl}
      alt=""
      loading="lazy"
      data-testid="job-thumbnail"
      sx={{
        display: 'block',
        width,
        aspectRatio: '4 / 3',
        objectFit: 'cover',
        borderRadius: 0.5,
        bgcolor: 'grey.200',
        flexShrink: 0,
      }}
    />
  );
};

/** The room and the style, in the console's language. */
const RoomAndStyle = () => {
  const review = useRecordContext<Review>();
  const translate = useTranslate();
  if (!review) return null;
  return (
    <span>
      <span>{translate(`console.roomTypes.${review.roomType}`)}</span>
      {' · '}
      <span>{translate(`console.styles.${review.style}`)}</span>
    </span>
  );
};

/** State and SLA as chips, wrapping onto a second line where the space is narrow. */
const StatusChips = ({ withSla = false }: { withSla?: boolean }) => (
  <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }}>
    <ReviewStateChip />
    {withSla && <SlaChip />}
    <StructureChangedChip />
  </Stack>
);

/** One column for the job where there is no room for four: the property, the customer, the room and style. */
const JobField = () => {
  const review = useRecordContext<Review>();
  if (!review) return null;
  return (
    <Stack component="span" sx={{ overflowWrap: 'anywhere' }}>
      <Typography component="span" variant="body2" sx={{ fontWeight: 500 }}>
        {review.propertyName}
      </Typography>
      <Typography component="span" variant="caption" color="text.secondary">
        {review.customer.email}
      </Typography>
      <Typography component="span" variant="caption" color="text.secondary">
        <RoomAndStyle />
      </Typography>
    </Stack>
  );
};

/** A phone's list entry: the property and its chips. */
const QueueEntryHeading = () => {
  const review = useRecordContext<Review>();
  if (!review) return null;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Typography component="span" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {review.propertyName}
      </Typography>
      <StatusChips withSla />
    </Stack>
  );
};

/** Under it, in a paragraph (spans only): the room, the deadline, the customer and who holds the job. */
const QueueEntryDetails = () => {
  const review = useRecordContext<Review>();
  const translate = useTranslate();
  if (!review) return null;
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column', overflowWrap: 'anywhere' }}>
      <Box component="span" sx={{ color: 'text.primary' }}>
        <RoomAndStyle />
      </Box>
      <DeadlineField />
      <span>{review.customer.email}</span>
      {review.claimedBy && (
        <span>{translate('console.reviews.heldBy', { name: review.claimedBy.name })}</span>
      )}
    </Box>
  );
};

/** A phone or an upright tablet: each job as a list entry, its picture first, that opens its page. */
const QueueItems = () => (
  <SimpleList<Review>
    rowClick="show"
    leftIcon={() => <JobThumbnail width={72} />}
    primaryText={<QueueEntryHeading />}
    secondaryText={<QueueEntryDetails />}
    sx={{ '& .MuiListItemIcon-root': { minWidth: 0, mr: 1.5, alignSelf: 'flex-start', mt: 0.75 } }}
  />
);

const QueueTable = ({ compact }: { compact: boolean }) => (
  <DataTable<Review> rowClick="show" bulkActionButtons={false}>
    <DataTable.Col source="thumbnailUrl" disableSort>
      <JobThumbnail width={compact ? 64 : 80} />
    </DataTable.Col>
    {/* Sorting is offered on the deadline only, the one order the API promises. */}
    {compact && (
      <DataTable.Col source="propertyName" disableSort>
        <JobField />
      </DataTable.Col>
    )}
    {!compact && <DataTable.Col source="propertyName" disableSort />}
    {!compact && (
      <DataTable.Col source="customer" disableSort>
        <CustomerEmailField />
      </DataTable.Col>
    )}
    {!compact && (
      <DataTable.Col source="roomType" disableSort>
        <SelectField source="roomType" choices={roomTypeChoices} />
      </DataTable.Col>
    )}
    {!compact && (
      <DataTable.Col source="style" disableSort>
        <SelectField source="style" choices={styleChoices} />
      </DataTable.Col>
    )}
    <DataTable.Col source="state" disableSort>
      <StatusChips />
    </DataTable.Col>
    <DataTable.Col source="sla" disableSort>
      <SlaChip />
    </DataTable.Col>
    <DataTable.Col source="deadlineAt">
      <DeadlineField />
    </DataTable.Col>
    <DataTable.Col source="claimedBy" disableSort>
      <ClaimedByField />
    </DataTable.Col>
  </DataTable>
);

/**
 * The review queue, most urgent deadline first: a table on a desktop (one column for the job below 1200 px, where
 * the menu leaves too little room for eight), a list on a phone or a tablet held upright.
 */
export const ReviewList = () => {
  // The console declares this page once the permissions are known, so they are settled here.
  const { permissions } = usePermissions<string | null>();
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const compact = useMediaQuery<Theme>((theme) => theme.breakpoints.down('lg'));
  return (
    <StaffList<Review>
      sort={{ field: 'deadlineAt', order: 'ASC' }}
      filters={permissions === 'admin' ? adminFilters : decoratorFilters}
      filterDefaultValues={{ state: OPEN_STATES }}
      actions={<ReviewListActions />}
      exporter={false}
    >
      {narrow ? <QueueItems /> : <QueueTable compact={compact} />}
    </StaffList>
  );
};
