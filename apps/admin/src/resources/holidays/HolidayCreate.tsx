import { Alert } from '@mui/material';
import {
  Create,
  DateInput,
  maxLength,
  required,
  SimpleForm,
  TextInput,
  useNotify,
  usePermissions,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { type Holiday } from '@estancia/contracts';
import { apiErrorKey } from '../../common/apiErrorKey';

/** A new holiday: one day (YYYY-MM-DD from the date input) and its name. A day already in the calendar is refused. */
export const HolidayCreate = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const { permissions, isPending } = usePermissions<string | null>();
  if (isPending) return null;
  if (permissions !== 'admin') {
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        {translate('console.holidays.readOnly')}
      </Alert>
    );
  }
  return (
    <Create<Holiday>
      mutationOptions={{
        onSuccess: () => {
          notify('console.holidays.created', { type: 'success' });
          redirect('list', 'holidays');
        },
        onError: (failure) => notify(apiErrorKey(failure), { type: 'error' }),
      }}
    >
      <SimpleForm>
        <DateInput source="date" validate={required()} />
        <TextInput source="name" validate={[required(), maxLength(120)]} />
      </SimpleForm>
    </Create>
  );
};
