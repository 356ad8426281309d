import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { type EngineSettings } from '@estancia/contracts';
import { useEngineWords } from './useEngineWords';

/** Who changed which use's engine, from what to what, newest first (the API keeps the last 50). */
export const EngineChangeHistory = ({
  changes,
  labelledBy,
}: {
  changes: EngineSettings['changes'];
  labelledBy: string;
}) => {
  const translate = useTranslate();
  const words = useEngineWords();
  const [locale] = useLocaleState();
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  if (changes.length === 0)
    return <Typography color="text.secondary">{translate('console.engines.noHistory')}</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('console.engines.historyWhen')}</TableCell>
            <TableCell>{translate('console.engines.historyUse')}</TableCell>
            <TableCell>{translate('console.engines.historyChange')}</TableCell>
            <TableCell>{translate('console.engines.historyWho')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {changes.map((change) => (
            <TableRow key={`${change.changedAt}-${change.use}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when.format(new Date(change.changedAt))}</TableCell>
              <TableCell>{words.useName(change.use)}</TableCell>
              <TableCell>
                {translate('console.engines.beforeAfter', {
                  before: words.route(change.before),
                  after: words.route(change.after),
                })}
              </TableCell>
              <TableCell>{change.changedBy ?? translate('console.engines.system')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
