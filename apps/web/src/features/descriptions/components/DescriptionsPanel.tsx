import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import {
  DESCRIPTION_LANGUAGES,
  descriptionFactsSchema,
  ErrorCode,
  PROPERTY_FEATURES,
  PROPERTY_TYPES,
  type Description,
  type DescriptionFacts,
  type DescriptionFactsRequest,
  type DescriptionLanguage,
  type DescriptionVersion,
} from '@estancia/contracts';
import { pathTo } from '../../../app/route-meta';
import { ApiRequestError } from '../../../shared/api';
import { FormTextField } from '../../../shared/FormTextField';
import { fieldErrorText, reportApiError } from '../../../shared/forms';
import { NeedMoreCreditsDialog } from '../../decorations/components/CreditModals';
import { notifications } from '../../notifications/notifications';
import { useSession } from '../../session/session';
import { descriptionsApi } from '../api/descriptions-api';
import { descriptionCost, versionKind, type DescriptionCost } from '../cost';
import { descriptionsKey } from '../live-updates';

const languageOf = (ui: string): DescriptionLanguage =>
  ui.startsWith('ca') ? 'cat' : ui.startsWith('en') ? 'en' : 'es';

const emptyFacts = (language: DescriptionLanguage): DescriptionFactsRequest =>
  ({ language, location: '', propertyType: 'apartment', features: [] }) as unknown as DescriptionFactsRequest;

/** A number input bound to the form: empty is NaN, so the shared schema answers "required". */
function NumberField({
  name,
  control,
  label,
}: {
  name: FieldPath<DescriptionFactsRequest>;
  control: Control<DescriptionFactsRequest>;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const error = fieldErrorText(t, fieldState.error?.message);
        const value = typeof field.value === 'number' && !Number.isNaN(field.value) ? field.value : '';
        return (
          <TextField
            id={`field-${name}`}
            label={label}
            type="number"
            name={field.name}
            value={value}
            onChange={(e) => field.onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(error)}
            helperText={error}
            fullWidth
            margin="normal"
            slotProps={{ htmlInput: { min: 0, 'aria-required': true } }}
          />
        );
      }}
    />
  );
}

function CostLine({ cost }: { cost: DescriptionCost }) {
  const { t } = useTranslation();
  if (cost.kind === 'limit')
    return (
      <Alert severity="warning" role="status">
        {t('descriptions.costLimit')}
      </Alert>
    );
  const text =
    cost.kind === 'free'
      ? t('descriptions.costFree', { count: cost.left })
      : cost.kind === 'credits'
        ? t('descriptions.costCredits', { count: cost.credits })
        : cost.left === null
          ? t('descriptions.costPlanUnlimited')
          : t('descriptions.costPlan', { count: cost.left, total: cost.perMonth });
  return (
    <Typography role="status" variant="body2" color="text.secondary">
      {text}
    </Typography>
  );
}

/** The Project view's Descriptions tab: the property form, the current text, regeneration and the history. */
export function DescriptionsPanel({ projectId }: { projectId: string }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const { user } = useSession();
  const [busy, setBusy] = useState(false);
  const [limitReached, setLimitReached] = useState(false);
  const [needCredits, setNeedCredits] = useState(false);
  const key = descriptionsKey(projectId);
  const data = useQuery({
    queryKey: key,
    queryFn: () => descriptionsApi.list(projectId),
    enabled: projectId !== '',
  });

  const form = useForm<DescriptionFactsRequest>({
    resolver: zodResolver(descriptionFactsSchema),
    defaultValues: emptyFacts(languageOf(i18n.language)),
  });
  const language = useWatch({ control: form.control, name: 'language' });
  const watched = useWatch({ control: form.control }) as DescriptionFactsRequest;
  const descriptions = useMemo(() => data.data?.descriptions ?? [], [data.data]);
  const current: Description | undefined = descriptions.find((d) => d.language === language);

  // The form starts from the facts last used, so a regeneration or a small change is one click away.
  const [prefilled, setPrefilled] = useState(false);
  useEffect(() => {
    if (prefilled || !data.data) return;
    setPrefilled(true);
    const latest = [...descriptions].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
    if (latest && !form.formState.isDirty) form.reset(latest.facts);
  }, [prefilled, data.data, descriptions, form]);

  const parsed = descriptionFactsSchema.safeParse(watched);
  const kind = versionKind(current, parsed.success ? parsed.data : null);
  const cost = descriptionCost(kind, current, data.data?.allowance ?? null);
  const regenerateCost = descriptionCost('regenerate', current, data.data?.allowance ?? null);

  const settle = async (version: DescriptionVersion) => {
    await client.invalidateQueries({ queryKey: key });
    if (version.state === 'ready') notifications.toast('information', { key: 'descriptions.generated' });
    else notifications.toast('information', { key: 'descriptions.writing' });
  };
  const fail = (error: unknown, setError?: typeof form.setError) => {
    const code = error instanceof ApiRequestError ? error.code : null;
    if (code === ErrorCode.INSUFFICIENT_CREDITS) return setNeedCredits(true);
    if (code === ErrorCode.DESCRIPTION_LIMIT_REACHED) setLimitReached(true);
    reportApiError(error, setError);
  };

  const submit = form.handleSubmit(async (facts) => {
    setBusy(true);
    setLimitReached(false);
    try {
      await settle(await descriptionsApi.generate(projectId, facts));
    } catch (error) {
      fail(error, form.setError);
    } finally {
      setBusy(false);
    }
  });
  const regenerate = async (description: Description) => {
    setBusy(true);
    setLimitReached(false);
    try {
      await settle(await descriptionsApi.regenerate(description.id));
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };
  const restore = async (description: Description, version: DescriptionVersion) => {
    setBusy(true);
    try {
      await descriptionsApi.restore(description.id, version.id);
      form.reset(version.facts);
      await client.invalidateQueries({ queryKey: key });
      notifications.toast('information', {
        key: 'descriptions.restored',
        values: { number: version.number },
      });
    } catch (error) {
      reportApiError(error);
    } finally {
      setBusy(false);
    }
  };
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notifications.toast('information', { key: 'descriptions.copied' });
    } catch {
      notifications.toast('error', { key: 'descriptions.copyFailed' });
    }
  };

  const shown = current?.versions.find((v) => v.id === current.currentVersionId);
  const pending = current?.versions.find((v) => v.state === 'pending');
  const featuresError = fieldErrorText(t, form.formState.errors.features?.message);

  return (
    <Box>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Paper
            component="form"
            onSubmit={submit}
            noValidate
            sx={{ p: 2 }}
            aria-labelledby="description-form-title"
          >
            <Typography id="description-form-title" component="h3" variant="h6">
              {t('descriptions.formTitle')}
            </Typography>
            <FormTextField
              name="language"
              control={form.control}
              label={t('descriptions.language')}
              select
              required
              slotProps={{ select: { native: true } }}
            >
              {DESCRIPTION_LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {t(`descriptions.language_${l}`)}
                </option>
              ))}
            </FormTextField>
            <FormTextField
              name="location"
              control={form.control}
              label={t('descriptions.location')}
              required
            />
            <Stack direction="row" spacing={2}>
              <NumberField
                name="squareMeters"
                control={form.control}
                label={t('descriptions.squareMeters')}
              />
              <NumberField name="bedrooms" control={form.control} label={t('descriptions.bedrooms')} />
              <NumberField name="bathrooms" control={form.control} label={t('descriptions.bathrooms')} />
            </Stack>
            <FormTextField
              name="propertyType"
              control={form.control}
              label={t('descriptions.propertyType')}
              select
              required
              slotProps={{ select: { native: true } }}
            >
              {PROPERTY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`descriptions.type_${type}`)}
                </option>
              ))}
            </FormTextField>
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
              <Typography component="legend" variant="subtitle2">
                {t('descriptions.features')}
              </Typography>
              <Controller
                name="features"
                control={form.control}
                render={({ field }) => {
                  const value = (field.value ?? []) as DescriptionFacts['features'];
                  return (
                    <FormGroup row>
                      {PROPERTY_FEATURES.map((feature) => (
                        <FormControlLabel
                          key={feature}
                          label={t(`descriptions.feature_${feature}`)}
                          control={
                            <Checkbox
                              checked={value.includes(feature)}
                              onChange={(_, checked) =>
                                field.onChange(
                                  checked ? [...value, feature] : value.filter((f) => f !== feature),
                                )
                              }
                            />
                          }
                        />
                      ))}
                    </FormGroup>
                  );
                }}
              />
              {featuresError && <FormHelperText error>{featuresError}</FormHelperText>}
            </Box>
            <Stack spacing={1} sx={{ mt: 2 }}>
              <CostLine cost={cost} />
              <Button type="submit" variant="contained" disabled={busy || cost.kind === 'limit'}>
                {t('descriptions.generate')}
              </Button>
            </Stack>
          </Paper>
        </Grid>

        <Grid size={{ xs: 12, md: 7 }}>
          {limitReached && (
            <Alert
              severity="warning"
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" size="small" component={RouterLink} to={pathTo('Offers')}>
                  {t('descriptions.upgrade')}
                </Button>
              }
            >
              {t('errors:DESCRIPTION_LIMIT_REACHED')}
            </Alert>
          )}
          {pending && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('descriptions.writing')}
            </Alert>
          )}
          {data.data && !current && <Typography>{t('descriptions.empty')}</Typography>}
          {current && shown?.text && (
            <Paper sx={{ p: 2 }} component="section" aria-labelledby="description-current-title">
              <Typography id="description-current-title" component="h3" variant="h6" gutterBottom>
                {t('descriptions.current', { number: shown.number })}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-line' }} data-testid="description-text">
                {shown.text}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ mt: 2 }} alignItems="center" flexWrap="wrap">
                <Button variant="outlined" onClick={() => void copy(shown.text ?? '')}>
                  {t('descriptions.copy')}
                </Button>
                <Button
                  variant="outlined"
                  onClick={() => void regenerate(current)}
                  disabled={busy || regenerateCost.kind === 'limit'}
                >
                  {t('descriptions.regenerate')}
                </Button>
                <CostLine cost={regenerateCost} />
              </Stack>
            </Paper>
          )}
          {current && current.versions.length > 0 && (
            <Box component="section" aria-labelledby="description-history-title" sx={{ mt: 3 }}>
              <Typography id="description-history-title" component="h3" variant="h6" gutterBottom>
                {t('descriptions.history')}
              </Typography>
              <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {current.versions.map((version) => (
                  <Paper component="li" key={version.id} variant="outlined" sx={{ p: 1.5 }}>
                    <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1}>
                      <Typography variant="subtitle2">
                        {t('descriptions.version', {
                          number: version.number,
                          date: new Date(version.createdAt).toLocaleString(i18n.language),
                        })}
                        {' · '}
                        {t(`descriptions.kind_${version.kind}`)}
                        {' · '}
                        {version.includedInPlan
                          ? t('descriptions.chargedPlan')
                          : t('descriptions.charged', { count: version.credits })}
                      </Typography>
                      {version.id === current.currentVersionId ? (
                        <Typography variant="caption">{t('descriptions.shown')}</Typography>
                      ) : version.state === 'ready' ? (
                        <Button size="small" disabled={busy} onClick={() => void restore(current, version)}>
                          {t('descriptions.restore', { number: version.number })}
                        </Button>
                      ) : (
                        <Typography variant="caption">{t(`descriptions.state_${version.state}`)}</Typography>
                      )}
                    </Stack>
                    {version.text && (
                      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} noWrap>
                        {version.text}
                      </Typography>
                    )}
                  </Paper>
                ))}
              </Stack>
            </Box>
          )}
        </Grid>
      </Grid>
      <NeedMoreCreditsDialog
        open={needCredits}
        cost={1}
        balance={user?.credits ?? 0}
        onClose={() => setNeedCredits(false)}
      />
    </Box>
  );
}
