import { Box, InputAdornment, Stack } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  BooleanInput,
  NumberInput,
  SelectArrayInput,
  SelectInput,
  SimpleForm,
  TextInput,
  type TextInputProps,
  Toolbar,
  SaveButton,
  useTranslate,
} from 'react-admin';
import { type ProductType } from '@estancia/contracts';
import { roomTypeChoices, styleChoices } from '../../common/choices';
import { EuroInput } from '../payments/money';
import { FormSection } from '../plans/CommerceFormParts';
import { floorPatternChoices, furnitureCategoryChoices, productTypeChoices } from './choices';
import { UNIT_OF_TYPE, validateProduct } from './productWrite';

/** The colour as #rrggbb, typed or picked; the swatch beside it is the browser's own colour picker. */
const ColourInput = (props: Omit<TextInputProps, 'source'>) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const colour = useWatch({ name: 'color' }) as string | undefined;
  const valid = typeof colour === 'string' && /^#[0-9a-fA-F]{6}$/.test(colour);
  return (
    <TextInput
      {...props}
      source="color"
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Box
                component="input"
                type="color"
                aria-label={translate('commerce.products.pickColour')}
                value={valid ? colour.toLowerCase() : '#000000'}
                onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
                  setValue('color', event.target.value, { shouldDirty: true, shouldValidate: true })
                }
                sx={{ width: 32, height: 32, p: 0, border: 0, background: 'none', cursor: 'pointer' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
};

/** The fields only one type has: furniture's drawing, a floor's pattern and tile size; a paint is its colour. */
const TypeFields = () => {
  const type = useWatch({ name: 'type' }) as ProductType | undefined;
  const translate = useTranslate();
  if (!type) return null;
  return (
    <>
      <ColourInput helperText={`commerce.products.colourHelp.${type}`} />
      {type === 'furniture' && <SelectInput source="category" choices={furnitureCategoryChoices} />}
      {type === 'floor' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} columnGap={2}>
          <SelectInput source="pattern" choices={floorPatternChoices} />
          <NumberInput
            source="tileScale"
            step={0.01}
            min={0.01}
            max={1}
            helperText={translate('commerce.products.tileScaleHelp')}
          />
        </Stack>
      )}
      <EuroInput
        source="priceCents"
        label={translate('commerce.products.pricePer', {
          unit: translate(`commerce.units.${UNIT_OF_TYPE[type]}`),
        })}
      />
    </>
  );
};

const ProductToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

/**
 * Create and edit a catalogue product. The type decides which fields show; the others are sent empty. Products are
 * withdrawn with "active", never deleted (favourites and edits name them).
 */
export const ProductForm = ({ creating = false }: { creating?: boolean }) => (
  <SimpleForm
    validate={validateProduct}
    noValidate
    toolbar={<ProductToolbar />}
    defaultValues={{
      active: true,
      styles: [],
      roomTypes: [],
      sortOrder: 0,
      category: null,
      pattern: null,
      tileScale: null,
    }}
  >
    <TextInput source="id" readOnly={!creating} helperText={creating ? 'commerce.products.idHelp' : false} />
    <SelectInput source="type" choices={productTypeChoices} />
    <FormSection title="commerce.products.namesTitle">
      <TextInput source="names.es" />
      <TextInput source="names.ca" />
      <TextInput source="names.en" />
    </FormSection>
    <FormSection title="commerce.products.detailsTitle">
      <TextInput source="brand" />
      <TypeFields />
      <TextInput source="purchaseUrl" type="url" helperText="commerce.products.urlHelp" />
    </FormSection>
    <FormSection title="commerce.products.suitsTitle">
      <SelectArrayInput source="styles" choices={styleChoices} />
      <SelectArrayInput source="roomTypes" choices={roomTypeChoices} />
    </FormSection>
    <FormSection title="commerce.sections.sale">
      <BooleanInput source="active" helperText="commerce.products.activeHelp" />
      <NumberInput source="sortOrder" step={1} min={0} helperText="commerce.products.sortOrderHelp" />
    </FormSection>
  </SimpleForm>
);
