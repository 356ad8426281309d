import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  decorationCost,
  type Decoration,
  type DecorationType,
  type RoomType,
  type Style,
} from '@estancia/contracts';
import { useEngineCapabilities } from '../../platform/hooks/usePlatform';
import { projectsApi } from '../../projects/api/projects-api';
import { DEFAULT_ROOM_TYPE, DEFAULT_STYLE } from '../catalogue';
import { useRoomAndStyleLock } from '../hooks/useRoomAndStyleLock';
import { versionsKey } from '../live-updates';
import { redoCost } from '../wizard-rules';
import { EmptyRoomSwitch } from './EmptyRoomSwitch';
import { RoomAndStyleFields } from './RoomAndStyleFields';

export interface DecorationChoice {
  roomType: RoomType;
  style: Style;
  type: DecorationType;
  /** Orders only: the redo keeps what the decoration was ordered with. */
  emptyRoom: boolean;
}

/**
 * Ordering a decoration for an image (no `decoration`), or redoing one with an optional new room type or
 * style (its type is kept: the redo costs 1 credit automatic, 5 supervised, nothing when it is a free redo).
 */
export function DecorateDialog({
  n,
  decoration,
  busy,
  onClose,
  onConfirm,
}: {
  n: number;
  decoration: Decoration | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: (choice: DecorationChoice) => void;
}) {
  const { t } = useTranslation();
  const redo = decoration !== null;
  const { emptiesRooms } = useEngineCapabilities();
  const lock = useRoomAndStyleLock();
  const [choice, setChoice] = useState<DecorationChoice>({
    roomType: decoration?.roomType ?? DEFAULT_ROOM_TYPE,
    style: decoration?.style ?? DEFAULT_STYLE,
    type: decoration?.type ?? 'automatic',
    emptyRoom: false,
  });
  const cost = decoration ? redoCost(decoration) : decorationCost(choice.type);
  return (
    <Dialog open onClose={onClose} aria-labelledby="decorate-title" fullWidth maxWidth="sm">
      <DialogTitle id="decorate-title">{redo ? t('project.redoTitle') : t('project.orderTitle')}</DialogTitle>
      {/* Under a title MUI drops the content's top padding, which cut the outlined fields' floating labels. */}
      <DialogContent sx={{ '&&': { pt: 1 } }}>
        <RoomAndStyleFields
          idPrefix={`decorate-${n}`}
          roomType={choice.roomType}
          style={choice.style}
          roomTypeLabel={t('wizard.roomType', { n })}
          styleLabel={t('wizard.style', { n })}
          onChange={(value) => setChoice({ ...choice, ...value })}
          lock={lock}
          keep={decoration ? { roomType: decoration.roomType, style: decoration.style } : undefined}
        />
        {!redo && (
          <FormControl sx={{ mt: 2 }}>
            <FormLabel id="decorate-type">{t('wizard.type', { n })}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="decorate-type"
              value={choice.type}
              onChange={(event) => setChoice({ ...choice, type: event.target.value as DecorationType })}
            >
              <FormControlLabel value="automatic" control={<Radio />} label={t('wizard.automaticHint')} />
              <FormControlLabel value="supervised" control={<Radio />} label={t('wizard.supervisedHint')} />
            </RadioGroup>
          </FormControl>
        )}
        {!redo && emptiesRooms && (
          <Box sx={{ mt: 2 }}>
            <EmptyRoomSwitch
              id={`decorate-${n}-empty-room`}
              checked={choice.emptyRoom}
              onChange={(emptyRoom) => setChoice({ ...choice, emptyRoom })}
            />
          </Box>
        )}
        <Typography sx={{ mt: 2 }}>
          {decoration?.freeRedo ? t('project.redoFree') : t('project.redoCost', { count: cost })}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => onConfirm({ ...choice, emptyRoom: emptiesRooms && choice.emptyRoom })}
        >
          {redo ? t('project.redoAction') : t('project.orderAction')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The last versions of a decoration (at most 5), each restorable. */
export function VersionHistoryDialog({
  decoration,
  busy,
  onClose,
  onRestore,
}: {
  decoration: Decoration;
  busy: boolean;
  onClose: () => void;
  onRestore: (versionId: string) => void;
}) {
  const { t } = useTranslation();
  const versions = useQuery({
    queryKey: versionsKey(decoration.id),
    queryFn: () => projectsApi.versions(decoration.id),
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby="history-title" fullWidth maxWidth="sm">
      <DialogTitle id="history-title">{t('project.historyTitle')}</DialogTitle>
      <DialogContent>
        {versions.isPending ? (
          <Typography role="status">{t('common.loading')}</Typography>
        ) : !versions.data?.length ? (
          <Typography>{t('project.noVersions')}</Typography>
        ) : (
          <List>
            {versions.data.map((version) => {
              const text = t('project.version', {
                number: version.number,
                style: t(`catalogue.styles.${version.style}`),
                room: t(`catalogue.roomTypes.${version.roomType}`),
              });
              return (
                <ListItem
                  key={version.id}
                  secondaryAction={
                    <Button
                      disabled={busy || !version.resultUrl}
                      onClick={() => onRestore(version.id)}
                      aria-label={t('project.restore', { number: version.number })}
                    >
                      {t('project.restore', { number: version.number })}
                    </Button>
                  }
                >
                  {version.thumbnailUrl && (
                    <img src={version.thumbnailUrl} alt={text} width={64} style={{ marginRight: 12 }} />
                  )}
                  <ListItemText primary={text} />
                </ListItem>
              );
            })}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
