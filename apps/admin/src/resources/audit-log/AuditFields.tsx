import { type MouseEvent } from 'react';
import {
  Box,
  Link as MuiLink,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Link } from 'react-router-dom';
import { useCreatePath, useRecordContext, useResourceDefinitions, useTranslate } from 'react-admin';
import { type AdminAuditEntry } from '@estancia/contracts';

type Values = Record<string, unknown> | null;

/** A changed value as text: strings as they are, the rest as JSON; nothing (a creation's before) as a dash. */
export const formatValue = (value: unknown): string => {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
};

const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The fields an action changed, in the order they appear (before first, then what only the after has). */
export const changedKeys = (before: Values, after: Values): string[] => [
  ...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]),
];

/** The action in words where the console knows it (`users.block` → "Bloqueo"), else its code. */
export const useActionLabel = () => {
  const translate = useTranslate();
  return (action: string) => translate(`console.audit.actions.${action}`, { _: action });
};

/** A resource's name in the console's language, or its API name for one the console does not show. */
const useResourceLabel = () => {
  const translate = useTranslate();
  return (resource: string) => translate(`resources.${resource}.name`, { smart_count: 1, _: resource });
};

/** A field's label as the resource's own pages name it, or its API name. */
const useFieldLabel = (resource: string) => {
  const translate = useTranslate();
  return (field: string) => translate(`resources.${resource}.fields.${field}`, { _: field });
};

type FieldProps = { source?: string; label?: string };

/** Who did it: the name and e-mail copied at the time, so the row survives the staff member's account. */
export const ActorField = (_props: FieldProps) => {
  const entry = useRecordContext<AdminAuditEntry>();
  if (!entry) return null;
  return (
    <Stack component="span" sx={{ overflowWrap: 'anywhere' }}>
      <span>{entry.actor.name || entry.actor.email}</span>
      {entry.actor.name && (
        <Typography component="span" variant="caption" color="text.secondary">
          {entry.actor.email}
        </Typography>
      )}
    </Stack>
  );
};

export const ActionField = (_props: FieldProps) => {
  const entry = useRecordContext<AdminAuditEntry>();
  const actionLabel = useActionLabel();
  if (!entry) return null;
  return (
    <Typography component="span" variant="body2" title={entry.action}>
      {actionLabel(entry.action)}
    </Typography>
  );
};

export const ResourceField = (_props: FieldProps) => {
  const entry = useRecordContext<AdminAuditEntry>();
  const resourceLabel = useResourceLabel();
  if (!entry) return null;
  return (
    <Typography component="span" variant="body2">
      {resourceLabel(entry.resource)}
    </Typography>
  );
};

/** The record's id, linking to its page when the console has one (a show page, else an edit page). */
export const RecordField = (_props: FieldProps) => {
  const entry = useRecordContext<AdminAuditEntry>();
  const definitions = useResourceDefinitions();
  const createPath = useCreatePath();
  if (!entry) return null;
  const definition = definitions[entry.resource];
  const type = definition?.hasShow ? 'show' : definition?.hasEdit ? 'edit' : null;
  const id = (
    <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
      {entry.recordId}
    </Box>
  );
  if (!type) return id;
  return (
    <MuiLink
      component={Link}
      to={createPath({ resource: entry.resource, id: entry.recordId, type })}
      // Inside a clickable row, the link opens the record, not the audit entry.
      onClick={(event: MouseEvent) => event.stopPropagation()}
    >
      {id}
    </MuiLink>
  );
};

const COMPACT_FIELDS = 3;

/** "blocked: false → true", one line per changed field (the first three), values cut short: for the list. */
export const ChangesSummary = (_props: FieldProps) => {
  const entry = useRecordContext<AdminAuditEntry>();
  const translate = useTranslate();
  const fieldLabel = useFieldLabel(entry?.resource ?? '');
  if (!entry) return null;
  const keys = changedKeys(entry.before, entry.after);
  if (keys.length === 0) return <span>—</span>;
  return (
    <Stack component="span" sx={{ overflowWrap: 'anywhere' }}>
      {keys.slice(0, COMPACT_FIELDS).map((key) => (
        <Typography key={key} component="span" variant="body2">
          <Box component="span" sx={{ fontWeight: 500 }}>{`${fieldLabel(key)}: `}</Box>
          {`${shorten(formatValue(entry.before?.[key]), 40)} → ${shorten(formatValue(entry.after?.[key]), 40)}`}
        </Typography>
      ))}
      {keys.length > COMPACT_FIELDS && (
        <Typography component="span" variant="caption" color="text.secondary">
          {translate('console.audit.moreFields', { smart_count: keys.length - COMPACT_FIELDS })}
        </Typography>
      )}
    </Stack>
  );
};

const FullValue = ({ value }: { value: unknown }) => (
  <Box
    component="pre"
    sx={{
      m: 0,
      fontFamily: 'monospace',
      fontSize: '0.8125rem',
      whiteSpace: 'pre-wrap',
      overflowWrap: 'anywhere',
    }}
  >
    {value === undefined || value === null || typeof value === 'string'
      ? formatValue(value)
      : JSON.stringify(value, null, 2)}
  </Box>
);

/** Every changed field with its whole value before and after: the entry's page. */
export const ChangesTable = (_props: FieldProps) => {
  const entry = useRecordContext<AdminAuditEntry>();
  const translate = useTranslate();
  const fieldLabel = useFieldLabel(entry?.resource ?? '');
  if (!entry) return null;
  const keys = changedKeys(entry.before, entry.after);
  if (keys.length === 0)
    return <Typography variant="body2">{translate('console.audit.noChanges')}</Typography>;
  return (
    <Table size="small" aria-label={translate('console.audit.changes')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('console.audit.field')}</TableCell>
          <TableCell>{translate('resources.audit-log.fields.before')}</TableCell>
          <TableCell>{translate('resources.audit-log.fields.after')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {keys.map((key) => (
          <TableRow key={key}>
            <TableCell component="th" scope="row" sx={{ verticalAlign: 'top' }}>
              {fieldLabel(key)}
            </TableCell>
            <TableCell sx={{ verticalAlign: 'top' }}>
              <FullValue value={entry.before?.[key]} />
            </TableCell>
            <TableCell sx={{ verticalAlign: 'top' }}>
              <FullValue value={entry.after?.[key]} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

/** "Bloqueo de cuenta": how an entry is named where react-admin names a record. */
export const AuditEntryName = () => {
  const entry = useRecordContext<AdminAuditEntry>();
  const actionLabel = useActionLabel();
  if (!entry) return null;
  return <>{actionLabel(entry.action)}</>;
};

/** The entry's page title: "Acción del equipo · Bloqueo de cuenta". */
export const AuditEntryTitle = () => {
  const entry = useRecordContext<AdminAuditEntry>();
  const translate = useTranslate();
  const actionLabel = useActionLabel();
  const name = translate('resources.audit-log.name', { smart_count: 1 });
  return <>{entry ? `${name} · ${actionLabel(entry.action)}` : name}</>;
};
