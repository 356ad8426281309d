import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ScienceIcon from '@mui/icons-material/Science';
import { useTranslate } from 'react-admin';
import { type EngineInfo, type EngineName, type EngineTestResult } from '@estancia/contracts';
import { apiErrorKey } from '../../common/apiErrorKey';
import { visuallyHidden } from '@estancia/ui';
import { useEngineTest } from './engineQueries';
import { useEngineWords } from './useEngineWords';

const Picture = ({ caption, src, alt }: { caption: string; src: string; alt: string }) => (
  <Box component="figure" sx={{ m: 0 }}>
    <Box
      component="img"
      src={src}
      alt={alt}
      sx={{ display: 'block', width: '100%', height: 'auto', borderRadius: 1, bgcolor: 'grey.100' }}
    />
    <Typography component="figcaption" variant="caption" color="text.secondary">
      {caption}
    </Typography>
  </Box>
);

/** The sample room that was sent beside what came back, or why nothing did. */
const TestResult = ({ result }: { result: EngineTestResult }) => {
  const translate = useTranslate();
  const words = useEngineWords();
  const duration = words.duration(result.durationMs);
  return (
    <Stack spacing={2}>
      {result.ok ? (
        <Alert severity="success">{translate('console.engines.testOk', { duration })}</Alert>
      ) : (
        <Alert severity="error">
          {translate('console.engines.testFailed', {
            duration,
            reason: translate(
              result.reason
                ? `console.engines.failureReasons.${result.reason}`
                : 'console.engines.failureReasons.unknown',
            ),
          })}
          {result.message && (
            <Typography component="pre" variant="body2" sx={{ mt: 1, mb: 0, whiteSpace: 'pre-wrap' }}>
              {result.message}
            </Typography>
          )}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Picture
          caption={translate('console.engines.testSample')}
          src={result.sample}
          alt={translate('console.engines.testSampleAlt')}
        />
        {result.image ? (
          <Picture
            caption={translate('console.engines.testResult')}
            src={result.image}
            alt={translate('console.engines.testResultAlt', { engine: words.engineName(result.engine) })}
          />
        ) : (
          <Box
            sx={{
              display: 'grid',
              placeItems: 'center',
              borderRadius: 1,
              bgcolor: 'grey.100',
              color: 'text.secondary',
              minHeight: 160,
            }}
          >
            {translate('console.engines.testNoImage')}
          </Box>
        )}
      </Box>
    </Stack>
  );
};

/** The engines this platform knows, whether this server can run each, and a test render of our sample room. */
export const EngineTable = ({ engines }: { engines: EngineInfo[] }) => {
  const translate = useTranslate();
  const words = useEngineWords();
  const test = useEngineTest();
  const [testing, setTesting] = useState<EngineName | null>(null);
  const yesNo = (value: boolean) => translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
  const start = (engine: EngineName) => {
    setTesting(engine);
    test.mutate({ engine, model: null });
  };
  const close = () => {
    setTesting(null);
    test.reset();
  };

  return (
    <>
      <TableContainer>
        <Table size="small" aria-labelledby="engines-table-title">
          <TableHead>
            <TableRow>
              <TableCell>{translate('console.engines.engine')}</TableCell>
              <TableCell>{translate('console.engines.configured')}</TableCell>
              <TableCell>{translate('console.engines.emptiesRooms')}</TableCell>
              <TableCell>{translate('console.engines.defaultModel')}</TableCell>
              <TableCell align="right">{translate('console.engines.costPerRender')}</TableCell>
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  {translate('console.engines.test')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {engines.map((engine) => (
              <TableRow key={engine.name}>
                <TableCell component="th" scope="row">
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{words.engineName(engine.name)}</span>
                    {engine.demo && (
                      <Chip size="small" color="warning" label={translate('console.engines.demo')} />
                    )}
                  </Stack>
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant={engine.configured ? 'filled' : 'outlined'}
                    color={engine.configured ? 'success' : 'default'}
                    label={translate(
                      engine.configured ? 'console.engines.isConfigured' : 'console.engines.notConfigured',
                    )}
                  />
                </TableCell>
                <TableCell>{yesNo(engine.emptiesRooms)}</TableCell>
                <TableCell>{engine.defaultModel ?? '—'}</TableCell>
                <TableCell align="right">{words.euros(engine.costCents)}</TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    startIcon={<ScienceIcon />}
                    disabled={!engine.configured || test.isPending}
                    onClick={() => start(engine.name)}
                    aria-label={translate('console.engines.testEngine', {
                      engine: words.engineName(engine.name),
                    })}
                  >
                    {translate('console.engines.test')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Dialog
        open={testing !== null}
        onClose={close}
        fullWidth
        maxWidth="md"
        aria-labelledby="engine-test-title"
      >
        <DialogTitle id="engine-test-title">
          {testing && translate('console.engines.testTitle', { engine: words.engineName(testing) })}
        </DialogTitle>
        <DialogContent>
          {test.isPending ? (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 2 }} role="status">
              <CircularProgress size={24} />
              <Typography>{translate('console.engines.testing')}</Typography>
            </Stack>
          ) : test.error ? (
            <Alert severity="error">{translate(apiErrorKey(test.error))}</Alert>
          ) : test.data ? (
            <TestResult result={test.data} />
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
