import { type ReactNode } from 'react';
import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { Loading, Title, useTranslate } from 'react-admin';
import { EngineChangeHistory } from './EngineChangeHistory';
import { EngineRouteCard } from './EngineRouteCard';
import { EngineStatsPanel } from './EngineStatsPanel';
import { EngineTable } from './EngineTable';
import { useEngineSettings } from './engineQueries';

const Section = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
};

/**
 * Which staging engine renders each use (free try, automatic, supervised draft, editor AI areas) and its fallbacks,
 * the engines this server can run with a test render, their figures, and who changed what. Admins only: App.tsx
 * declares the route for them alone, and the API answers these calls to admins only.
 */
export const EnginesPage = () => {
  const translate = useTranslate();
  const settings = useEngineSettings();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="console.engines.title" />
      <CardContent>
        {settings.isPending ? (
          <Loading />
        ) : settings.error ? (
          <Alert severity="error">{translate('console.engines.loadError')}</Alert>
        ) : (
          <Stack spacing={4}>
            <Typography color="text.secondary">{translate('console.engines.intro')}</Typography>
            <Section id="engine-routes-title" title="console.engines.routesTitle">
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', xl: '1fr 1fr' } }}>
                {settings.data.routes.map((route) => (
                  // A saved route comes back with a new updatedAt, which starts the form afresh from it.
                  <EngineRouteCard
                    key={`${route.use}-${route.updatedAt ?? 'default'}`}
                    route={route}
                    engines={settings.data.engines}
                  />
                ))}
              </Box>
            </Section>
            <Section id="engines-table-title" title="console.engines.enginesTitle">
              <EngineTable engines={settings.data.engines} />
            </Section>
            <EngineStatsPanel />
            <Section id="engine-history-title" title="console.engines.historyTitle">
              <EngineChangeHistory changes={settings.data.changes} labelledBy="engine-history-title" />
            </Section>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
};
