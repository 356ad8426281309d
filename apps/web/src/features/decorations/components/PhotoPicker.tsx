import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCEPTED_IMAGE_TYPES } from '@estancia/contracts';

/** A drop zone with a visible pick button; the file input itself is labelled for assistive technology. */
export function PhotoPicker({
  label,
  onFiles,
  disabled,
  multiple = true,
}: {
  label: string;
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  multiple?: boolean;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) onFiles(Array.from(event.dataTransfer.files));
  };
  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        borderRadius: 2,
        p: 3,
        textAlign: 'center',
      }}
    >
      <Typography gutterBottom>{t('wizard.drop')}</Typography>
      <Button
        variant="outlined"
        startIcon={<AddPhotoAlternateIcon />}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {t('wizard.pick')}
      </Button>
      <label
        htmlFor={inputId}
        style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
      >
        {label}
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        multiple={multiple}
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        disabled={disabled}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
        tabIndex={-1}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </Box>
  );
}
