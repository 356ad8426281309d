import { Button, Stack } from '@mui/material';
import PersonIcon from '@mui/icons-material/Person';
import {
  DataTable,
  List,
  SelectArrayInput,
  SelectField,
  SelectInput,
  type SelectInputProps,
  TextInput,
  TopToolbar,
  useListContext,
  usePermissions,
  useTranslate,
} from 'react-admin';
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
  <TopToolbar>
    <MineToggle />
  </TopToolbar>
);

/** The review queue, most urgent deadline first. */
export const ReviewList = () => {
  // The console declares this page once the permissions are known, so they are settled here.
  const { permissions } = usePermissions<string | null>();
  return (
    <List<Review>
      sort={{ field: 'deadlineAt', order: 'ASC' }}
      filters={permissions === 'admin' ? adminFilters : decoratorFilters}
      filterDefaultValues={{ state: OPEN_STATES }}
      actions={<ReviewListActions />}
      exporter={false}
    >
      <DataTable<Review> rowClick="show" bulkActionButtons={false}>
        {/* Sorting is offered on the deadline only, the one order the API promises. */}
        <DataTable.Col source="propertyName" disableSort />
        <DataTable.Col source="customer" disableSort>
          <CustomerEmailField />
        </DataTable.Col>
        <DataTable.Col source="roomType" disableSort>
          <SelectField source="roomType" choices={roomTypeChoices} />
        </DataTable.Col>
        <DataTable.Col source="style" disableSort>
          <SelectField source="style" choices={styleChoices} />
        </DataTable.Col>
        <DataTable.Col source="state" disableSort>
          <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }}>
            <ReviewStateChip />
            <StructureChangedChip />
          </Stack>
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
    </List>
  );
};
