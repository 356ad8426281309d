import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  CONTACT_PREFERENCES,
  REFORM_BUDGET_RANGES,
  REFORM_SCOPES,
  createReformRequestSchema,
  type CreateReformRequestBody,
} from '@estancia/contracts';
import { FormTextField } from '../../../shared/FormTextField';
import { fieldErrorText, reportApiError } from '../../../shared/forms';
import { notifications } from '../../notifications/notifications';
import { shopApi } from '../api/shop-api';

type FormInput = z.input<typeof createReformRequestSchema>;

/** "Pedir presupuesto de reforma": the reform budget request about a project, or one decoration of it. */
export function ReformRequestDialog({
  projectId,
  decorationId,
  open,
  onClose,
}: {
  projectId: string;
  decorationId?: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { control, handleSubmit, watch, setError, reset, formState } = useForm<
    FormInput,
    unknown,
    CreateReformRequestBody
  >({
    resolver: zodResolver(createReformRequestSchema),
    defaultValues: {
      projectId,
      decorationId,
      what: [],
      areaSquareMeters: undefined,
      budgetRange: undefined,
      contactPreference: 'email',
      phone: '',
      notes: '',
    },
  });
  const send = useMutation({ mutationFn: shopApi.requestReform });
  const submit = handleSubmit(async (request) => {
    try {
      await send.mutateAsync(request);
      notifications.toast('information', { key: 'shop.reform.sent' });
      reset();
      onClose();
    } catch (error) {
      reportApiError(error, setError);
    }
  });
  const byPhone = watch('contactPreference') === 'phone';
  const close = () => !send.isPending && onClose();
  const error = (name: keyof FormInput) => fieldErrorText(t, formState.errors[name]?.message);

  return (
    <Dialog open={open} onClose={close} aria-labelledby="reform-title" fullWidth maxWidth="sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="reform-title">{t('shop.reform.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('shop.reform.intro')}</DialogContentText>
          <Controller
            name="what"
            control={control}
            render={({ field }) => (
              <FormControl component="fieldset" error={Boolean(error('what'))} margin="dense">
                <FormLabel component="legend">{t('shop.reform.what')}</FormLabel>
                <FormGroup row>
                  {REFORM_SCOPES.map((scope) => (
                    <FormControlLabel
                      key={scope}
                      label={t(`shop.reform.scopes.${scope}`)}
                      control={
                        <Checkbox
                          checked={(field.value ?? []).includes(scope)}
                          onChange={(event) =>
                            field.onChange(
                              event.target.checked
                                ? [...(field.value ?? []), scope]
                                : (field.value ?? []).filter((s) => s !== scope),
                            )
                          }
                        />
                      }
                    />
                  ))}
                </FormGroup>
                {error('what') && <FormHelperText>{error('what')}</FormHelperText>}
              </FormControl>
            )}
          />
          <Controller
            name="areaSquareMeters"
            control={control}
            render={({ field }) => (
              <TextField
                id="field-areaSquareMeters"
                label={t('shop.reform.area')}
                type="number"
                value={field.value ?? ''}
                onChange={(event) =>
                  field.onChange(event.target.value === '' ? undefined : Number(event.target.value))
                }
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={Boolean(error('areaSquareMeters'))}
                helperText={error('areaSquareMeters')}
                fullWidth
                margin="normal"
                slotProps={{ htmlInput: { min: 1, step: 1, 'aria-required': true } }}
              />
            )}
          />
          <Controller
            name="budgetRange"
            control={control}
            render={({ field }) => (
              <FormControl component="fieldset" error={Boolean(error('budgetRange'))} margin="dense">
                <FormLabel component="legend">{t('shop.reform.budget')}</FormLabel>
                <RadioGroup
                  value={field.value ?? ''}
                  onChange={(event) => field.onChange(event.target.value)}
                >
                  {REFORM_BUDGET_RANGES.map((band) => (
                    <FormControlLabel
                      key={band}
                      value={band}
                      control={<Radio />}
                      label={t(`shop.reform.budgets.${band}`)}
                    />
                  ))}
                </RadioGroup>
                {error('budgetRange') && <FormHelperText>{error('budgetRange')}</FormHelperText>}
              </FormControl>
            )}
          />
          <Controller
            name="contactPreference"
            control={control}
            render={({ field }) => (
              <FormControl component="fieldset" error={Boolean(error('contactPreference'))} margin="dense">
                <FormLabel component="legend">{t('shop.reform.contact')}</FormLabel>
                <RadioGroup
                  row
                  value={field.value ?? ''}
                  onChange={(event) => field.onChange(event.target.value)}
                >
                  {CONTACT_PREFERENCES.map((way) => (
                    <FormControlLabel
                      key={way}
                      value={way}
                      control={<Radio />}
                      label={t(`shop.reform.contacts.${way}`)}
                    />
                  ))}
                </RadioGroup>
              </FormControl>
            )}
          />
          {byPhone && (
            <FormTextField<FormInput>
              name="phone"
              control={control}
              label={t('shop.reform.phone')}
              type="tel"
              autoComplete="tel"
              required
            />
          )}
          <FormTextField<FormInput>
            name="notes"
            control={control}
            label={t('shop.reform.notes')}
            multiline
            minRows={3}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('shop.reform.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={send.isPending}>
            {t('shop.reform.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
