import { useRef, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import SaveIcon from '@mui/icons-material/Save';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import {
  ENGINE_FALLBACKS_MAX,
  type EngineInfo,
  type EngineName,
  type EngineRoute,
  type EngineRouteUpdate,
  engineRouteUpdateSchema,
} from '@estancia/contracts';
import { apiErrorKey } from '../../common/apiErrorKey';
import { useSaveEngineRoute } from './engineQueries';
import { useEngineWords } from './useEngineWords';

/** What the form edits: models as typed (empty means the engine's default); fallbacks keep a key for React. */
interface DraftChoice {
  engine: EngineName;
  model: string;
}
interface Draft extends DraftChoice {
  fallbacks: (DraftChoice & { key: number })[];
}

const MODEL_MAX = 200;

const toUpdate = (draft: Draft): EngineRouteUpdate => {
  const choice = ({ engine, model }: DraftChoice) => ({ engine, model: model.trim() || null });
  return { ...choice(draft), fallbacks: draft.fallbacks.map(choice) };
};

const toComparable = ({ engine, model, fallbacks }: EngineRouteUpdate) => [
  engine,
  model,
  fallbacks.map((f) => [f.engine, f.model]),
];
const sameRoute = (a: EngineRouteUpdate, b: EngineRouteUpdate) =>
  JSON.stringify(toComparable(a)) === JSON.stringify(toComparable(b));

export const DemoEngineChip = () => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color="warning"
      icon={<WarningAmberIcon />}
      label={translate('console.engines.demoWarning')}
    />
  );
};

/** An engine and its optional model; engines this server has no configuration for are listed but disabled. */
const ChoiceFields = ({
  id,
  engineLabel,
  modelLabel,
  engines,
  value,
  onChange,
}: {
  id: string;
  engineLabel: string;
  modelLabel: string;
  engines: EngineInfo[];
  value: DraftChoice;
  onChange: (value: DraftChoice) => void;
}) => {
  const translate = useTranslate();
  const words = useEngineWords();
  const chosen = engines.find((engine) => engine.name === value.engine);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ flex: 1, minWidth: 0 }}>
      <TextField
        select
        id={`${id}-engine`}
        size="small"
        label={engineLabel}
        value={value.engine}
        onChange={(event) => onChange({ ...value, engine: event.target.value as EngineName })}
        slotProps={{ select: { renderValue: (name) => words.engineName(name as EngineName) } }}
        sx={{ minWidth: 220 }}
      >
        {engines.map((engine) => (
          <MenuItem key={engine.name} value={engine.name} disabled={!engine.configured}>
            {engine.configured
              ? words.engineName(engine.name)
              : translate('console.engines.needsConfiguration', { engine: words.engineName(engine.name) })}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        id={`${id}-model`}
        size="small"
        label={modelLabel}
        value={value.model}
        placeholder={chosen?.defaultModel ?? translate('console.engines.noModel')}
        onChange={(event) => onChange({ ...value, model: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: MODEL_MAX } }}
        sx={{ flex: 1, minWidth: 180 }}
      />
    </Stack>
  );
};

/**
 * One use's route: its engine, model and up to three fallbacks tried in order. Saving is an explicit, pessimistic
 * PUT: the API refuses an engine this server cannot run, and the routes drive real renders from the next job on.
 */
export const EngineRouteCard = ({ route, engines }: { route: EngineRoute; engines: EngineInfo[] }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const words = useEngineWords();
  const [locale] = useLocaleState();
  const save = useSaveEngineRoute();
  const nextKey = useRef(route.fallbacks.length);
  const [draft, setDraft] = useState<Draft>(() => ({
    engine: route.engine,
    model: route.model ?? '',
    fallbacks: route.fallbacks.map((f, key) => ({ key, engine: f.engine, model: f.model ?? '' })),
  }));
  const update = toUpdate(draft);
  const changed = !sameRoute(update, route);
  const valid = engineRouteUpdateSchema.safeParse(update).success;
  const chosen = engines.find((engine) => engine.name === draft.engine);
  const useName = words.useName(route.use);
  const titleId = `route-${route.use}-title`;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

  const setFallback = (index: number, value: DraftChoice) =>
    setDraft({
      ...draft,
      fallbacks: draft.fallbacks.map((f, i) => (i === index ? { ...f, ...value } : f)),
    });
  const addFallback = () => {
    const used = new Set([draft.engine, ...draft.fallbacks.map((f) => f.engine)]);
    const configured = engines.filter((engine) => engine.configured);
    const engine = (configured.find((e) => !used.has(e.name)) ?? configured[0] ?? engines[0]).name;
    setDraft({ ...draft, fallbacks: [...draft.fallbacks, { key: nextKey.current++, engine, model: '' }] });
  };
  const removeFallback = (index: number) =>
    setDraft({ ...draft, fallbacks: draft.fallbacks.filter((_, i) => i !== index) });
  const moveUp = (index: number) => {
    const fallbacks = [...draft.fallbacks];
    [fallbacks[index - 1], fallbacks[index]] = [fallbacks[index], fallbacks[index - 1]];
    setDraft({ ...draft, fallbacks });
  };
  const submit = () =>
    save.mutate(
      { use: route.use, route: update },
      {
        onSuccess: () => notify('console.engines.saved', { type: 'success', messageArgs: { use: useName } }),
        onError: (failure) => notify(apiErrorKey(failure), { type: 'error' }),
      },
    );

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack spacing={2}>
          <Box>
            <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {useName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate(`console.engines.useHelp.${route.use}`)}
            </Typography>
          </Box>
          <ChoiceFields
            id={`route-${route.use}`}
            engineLabel={translate('console.engines.engine')}
            modelLabel={translate('console.engines.model')}
            engines={engines}
            value={{ engine: draft.engine, model: draft.model }}
            onChange={(value) => setDraft({ ...draft, ...value })}
          />
          {chosen?.demo && (
            <Box>
              <DemoEngineChip />
            </Box>
          )}
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
            <Typography component="legend" variant="body2" sx={{ fontWeight: 600 }}>
              {translate('console.engines.fallbacks')}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
              {translate('console.engines.fallbacksHelp', { max: ENGINE_FALLBACKS_MAX })}
            </Typography>
            <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {draft.fallbacks.map((fallback, index) => {
                const position = index + 1;
                return (
                  <Stack
                    component="li"
                    key={fallback.key}
                    direction="row"
                    spacing={0.5}
                    sx={{ alignItems: 'flex-start' }}
                  >
                    <ChoiceFields
                      id={`route-${route.use}-fallback-${fallback.key}`}
                      engineLabel={translate('console.engines.fallbackEngine', { position })}
                      modelLabel={translate('console.engines.fallbackModel', { position })}
                      engines={engines}
                      value={fallback}
                      onChange={(value) => setFallback(index, value)}
                    />
                    <IconButton
                      size="small"
                      disabled={index === 0}
                      onClick={() => moveUp(index)}
                      aria-label={translate('console.engines.moveUp', { position })}
                    >
                      <ArrowUpwardIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      onClick={() => removeFallback(index)}
                      aria-label={translate('console.engines.removeFallback', { position })}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Stack>
                );
              })}
            </Stack>
            <Button
              size="small"
              startIcon={<AddIcon />}
              onClick={addFallback}
              disabled={draft.fallbacks.length >= ENGINE_FALLBACKS_MAX}
              sx={{ mt: 1 }}
            >
              {translate('console.engines.addFallback')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="caption" color="text.secondary">
          {route.updatedAt
            ? translate('console.engines.lastChange', {
                who: route.updatedBy ?? translate('console.engines.system'),
                when: when.format(new Date(route.updatedAt)),
              })
            : translate('console.engines.serverDefault')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<SaveIcon />}
          disabled={!changed || !valid || save.isPending}
          onClick={submit}
          aria-label={translate('console.engines.saveRoute', { use: useName })}
        >
          {translate('ra.action.save')}
        </Button>
      </CardActions>
    </Card>
  );
};
