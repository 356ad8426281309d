import { useEffect, useState } from 'react';
import UploadIcon from '@mui/icons-material/Upload';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { type AdminProduct } from '@estancia/contracts';
import { apiErrorKey } from '../../common/apiErrorKey';
import { staffHttpClient } from '../../data/dataProvider';

/** What the API takes (POST products/:id/picture): JPEG, PNG or WebP up to 2 MB. */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;

const pictureProblem = (file: File) =>
  !PICTURE_TYPES.includes(file.type)
    ? 'commerce.products.pictureType'
    : file.size > PICTURE_MAX_BYTES
      ? 'commerce.products.pictureTooBig'
      : null;

async function uploadPicture(productId: string, file: File) {
  const body = new FormData();
  body.append('picture', file);
  await staffHttpClient(`/data/admin/products/${encodeURIComponent(productId)}/picture`, {
    method: 'POST',
    body,
  });
}

const Picture = ({ src, alt }: { src: string; alt: string }) => (
  <Box
    component="img"
    src={src}
    alt={alt}
    sx={{ width: 160, height: 160, objectFit: 'contain', bgcolor: 'grey.100', borderRadius: 1 }}
  />
);

/**
 * The shop's picture of a product: the current one, and a new one previewed before it is sent. Checked here for type
 * and size so a wrong file is refused before the upload, as the API would.
 */
export const PictureUpload = () => {
  const product = useRecordContext<AdminProduct>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // The preview's object URL lives as long as the chosen file.
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const upload = useMutation({
    mutationFn: (chosen: File) => uploadPicture(String(product?.id), chosen),
    onSuccess: () => {
      notify('commerce.products.pictureUploaded', { type: 'success' });
      setFile(null);
      refresh();
    },
  });

  if (!product) return null;

  const choose = (chosen: File | undefined) => {
    upload.reset();
    if (!chosen) return;
    const refused = pictureProblem(chosen);
    setProblem(refused);
    setFile(refused ? null : chosen);
  };

  return (
    <Box component="section" aria-labelledby="product-picture" sx={{ px: 2, pb: 2 }}>
      <Typography id="product-picture" component="h2" variant="h6" sx={{ mb: 1 }}>
        {translate('commerce.products.picture')}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
        {product.pictureUrl && (
          <figure style={{ margin: 0 }}>
            <Picture src={product.pictureUrl} alt={translate('commerce.products.currentPicture')} />
            <Typography component="figcaption" variant="caption" color="text.secondary">
              {translate('commerce.products.currentPicture')}
            </Typography>
          </figure>
        )}
        {preview && (
          <figure style={{ margin: 0 }}>
            <Picture src={preview} alt={translate('commerce.products.newPicture')} />
            <Typography component="figcaption" variant="caption" color="text.secondary">
              {translate('commerce.products.newPicture')}
            </Typography>
          </figure>
        )}
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Button component="label" variant="outlined" size="small">
          {translate('commerce.products.choosePicture')}
          <input
            type="file"
            hidden
            accept={PICTURE_TYPES.join(',')}
            onChange={(event) => {
              choose(event.target.files?.[0]);
              // The same file can be chosen again after a refusal.
              event.target.value = '';
            }}
          />
        </Button>
        <Button
          variant="contained"
          size="small"
          startIcon={<UploadIcon />}
          disabled={!file || upload.isPending}
          onClick={() => file && upload.mutate(file)}
        >
          {translate('commerce.products.uploadPicture')}
        </Button>
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        {translate('commerce.products.pictureHelp')}
      </Typography>
      {(problem || upload.error) && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {translate(problem ?? apiErrorKey(upload.error))}
        </Alert>
      )}
    </Box>
  );
};
