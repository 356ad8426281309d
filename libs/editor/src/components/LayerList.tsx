import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import type { Theme } from '@mui/material/styles';
import type { EditLayer, Product } from '@estancia/contracts';
import { TOUCH_TARGET, touchMedia, touchTarget } from './touch';

/** What a layer is, in the user's words: "Wall · Soft white", "Correction", "AI decoration". */
export function layerName(layer: EditLayer, products: ReadonlyMap<string, Product>, t: TFunction): string {
  if (layer.type === 'paint')
    return t(`layers.${layer.surface}`, {
      product: products.get(layer.productId)?.name ?? t('layers.unknownProduct'),
    });
  if (layer.type === 'correction')
    return t(layer.restore === 'draft' ? 'layers.correctionDraft' : 'layers.correction');
  if (layer.type === 'ai') return t(`layers.ai_${layer.mode}`);
  return t(`layers.${layer.type}`);
}

export interface LayerListProps {
  readonly layers: readonly EditLayer[];
  readonly products: ReadonlyMap<string, Product>;
  readonly selection: string | null;
  readonly readOnly: boolean;
  readonly onSelect: (layerId: string | null) => void;
  readonly onMove: (layerId: string, toIndex: number) => void;
  readonly onRemove: (layerId: string) => void;
  /**
   * "Add to the chosen layer" for the tools that may extend one (object selection, lasso); null hides it.
   * Off, each selection or lasso starts a layer of its own.
   */
  readonly addToLayer?: { readonly checked: boolean; readonly onChange: (checked: boolean) => void } | null;
}

/** The row leaves room for the three actions (and the item's 16 px inset); on phones and tablets they are finger-sized. */
const rowWithActions = (theme: Theme) => ({
  '& > .MuiListItemButton-root': { pr: 13 },
  [touchMedia(theme)]: {
    '& > .MuiListItemButton-root': { pr: `${3 * TOUCH_TARGET + 16}px`, minHeight: TOUCH_TARGET + 8 },
  },
});

/** The document's layers, the top one first; choosing one makes the area tools change it. */
export function LayerList({
  layers,
  products,
  selection,
  readOnly,
  onSelect,
  onMove,
  onRemove,
  addToLayer = null,
}: LayerListProps) {
  const { t } = useTranslation('editor');
  const headingId = useId();
  const selected = layers.find((layer) => layer.id === selection);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" component="h3">
        {t('layers.title')}
      </Typography>
      {addToLayer && (
        <>
          <FormControlLabel
            sx={touchTarget}
            control={
              <Switch
                size="small"
                checked={addToLayer.checked}
                onChange={(event) => addToLayer.onChange(event.target.checked)}
                data-testid="editor-add-to-layer"
              />
            }
            label={<Typography variant="body2">{t('layers.addToLayer')}</Typography>}
          />
          {addToLayer.checked && selected?.type === 'paint' && (
            <Typography variant="caption" color="text.secondary" component="p">
              {t('layers.addToLayerNotPaint')}
            </Typography>
          )}
        </>
      )}
      {layers.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('layers.empty')}
        </Typography>
      ) : (
        <>
          {!readOnly && (
            <Typography variant="caption" color="text.secondary" component="p">
              {t('layers.hint')}
            </Typography>
          )}
          <List dense disablePadding aria-labelledby={headingId}>
            {layers
              .map((layer, index) => ({ layer, index }))
              .reverse()
              .map(({ layer, index }) => {
                const name = t('layers.item', { position: index + 1, name: layerName(layer, products, t) });
                return (
                  <ListItem
                    key={layer.id}
                    disablePadding
                    secondaryAction={
                      readOnly ? undefined : (
                        <>
                          <IconButton
                            size="small"
                            sx={touchTarget}
                            aria-label={t('layers.moveUp', { name })}
                            disabled={index === layers.length - 1}
                            onClick={() => onMove(layer.id, index + 1)}
                          >
                            <ArrowUpwardIcon fontSize="inherit" />
                          </IconButton>
                          <IconButton
                            size="small"
                            sx={touchTarget}
                            aria-label={t('layers.moveDown', { name })}
                            disabled={index === 0}
                            onClick={() => onMove(layer.id, index - 1)}
                          >
                            <ArrowDownwardIcon fontSize="inherit" />
                          </IconButton>
                          <IconButton
                            size="small"
                            sx={touchTarget}
                            aria-label={t('layers.remove', { name })}
                            onClick={() => onRemove(layer.id)}
                          >
                            <DeleteOutlineIcon fontSize="inherit" />
                          </IconButton>
                        </>
                      )
                    }
                    sx={readOnly ? undefined : rowWithActions}
                  >
                    <ListItemButton
                      selected={layer.id === selection}
                      aria-pressed={layer.id === selection}
                      disabled={readOnly}
                      onClick={() => onSelect(layer.id === selection ? null : layer.id)}
                    >
                      <ListItemText primary={name} />
                    </ListItemButton>
                  </ListItem>
                );
              })}
          </List>
        </>
      )}
    </Box>
  );
}
