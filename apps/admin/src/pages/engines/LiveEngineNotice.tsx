import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { Link, useBasename, useTranslate } from 'react-admin';
import { DemoEngineChip } from './EngineRouteCard';
import { useEngineSettings } from './engineQueries';
import { useEngineWords } from './useEngineWords';

/**
 * Which engine renders automatic decorations now, said plainly, with a warning when it is the built-in demo
 * renderer (drawn furniture, not AI). Reads GET engines, which only admins may call.
 */
export const LiveEngineNotice = () => {
  const translate = useTranslate();
  const basename = useBasename();
  const words = useEngineWords();
  const settings = useEngineSettings();
  const titleId = 'live-engine-title';
  const automatic = settings.data?.routes.find((route) => route.use === 'automatic');
  const engine = settings.data?.engines.find((info) => info.name === automatic?.engine);

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 1 }}>
        {translate('console.platform.engineTitle')}
      </Typography>
      {settings.isPending ? null : settings.error || !automatic ? (
        <Alert severity="error">{translate('console.platform.engineLoadError')}</Alert>
      ) : (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography>
            {translate('console.platform.liveEngine', { engine: words.route(automatic) })}
          </Typography>
          {engine?.demo && <DemoEngineChip />}
          <Button component={Link} to={`${basename}/engines`} size="small" variant="outlined">
            {translate('console.platform.manageEngines')}
          </Button>
        </Stack>
      )}
    </Box>
  );
};
