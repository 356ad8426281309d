import { Alert, AlertTitle, Button } from '@mui/material';
import { List, type ListProps, type RaRecord, useListContext, useTranslate } from 'react-admin';
import { apiErrorKey } from './apiErrorKey';

/** Shown instead of the rows when the list could not be read (a 429, the API down): never "nothing found". */
export const ListLoadError = () => {
  const translate = useTranslate();
  const { error, refetch } = useListContext();
  return (
    <Alert
      severity="error"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => void refetch()}>
          {translate('ra.action.refresh')}
        </Button>
      }
    >
      <AlertTitle>{translate('console.listLoadError')}</AlertTitle>
      {translate(apiErrorKey(error))}
    </Alert>
  );
};

/** react-admin's List with the console's load error, so a refused read never reads as an empty list. */
export const StaffList = <RecordType extends RaRecord = RaRecord>(props: ListProps<RecordType>) => (
  <List<RecordType> error={<ListLoadError />} {...props} />
);
