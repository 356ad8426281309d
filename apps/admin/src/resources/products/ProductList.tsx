import { Stack, type Theme, Typography, useMediaQuery } from '@mui/material';
import {
  BooleanField,
  CreateButton,
  DataTable,
  NullableBooleanInput,
  SelectField,
  SelectInput,
  SimpleList,
  TextInput,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { StaffList } from '../../common/StaffList';
import { type AdminProduct } from '@estancia/contracts';
import { productTypeChoices } from './choices';
import { ProductNameField, ThumbnailField, UnitPriceField, useProductName } from './ProductFields';

const filters = [
  <TextInput key="q" source="q" label="commerce.products.search" alwaysOn resettable />,
  <SelectInput key="type" source="type" choices={productTypeChoices} alwaysOn sx={{ minWidth: 160 }} />,
  <NullableBooleanInput key="active" source="active" alwaysOn sx={{ minWidth: 160 }} />,
];

const ProductHeading = () => {
  const product = useRecordContext<AdminProduct>();
  const translate = useTranslate();
  const name = useProductName();
  if (!product) return null;
  return (
    <Typography component="span" sx={{ fontWeight: 500 }}>
      {name(product)}
      {!product.active && ` (${translate('commerce.inactive')})`}
    </Typography>
  );
};

/** A phone's entry, in a paragraph (spans only): the type, the brand and the price. */
const ProductDetails = () => {
  const product = useRecordContext<AdminProduct>();
  const translate = useTranslate();
  if (!product) return null;
  return (
    <Stack component="span">
      <span>{`${translate(`commerce.productTypes.${product.type}`)} · ${product.brand}`}</span>
      <UnitPriceField />
    </Stack>
  );
};

/** The shop's catalogue in its order, with each product's picture. */
export const ProductList = () => {
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <StaffList<AdminProduct>
      sort={{ field: 'sortOrder', order: 'ASC' }}
      filters={filters}
      exporter={false}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      {narrow ? (
        <SimpleList<AdminProduct>
          rowClick="edit"
          leftAvatar={(product) => (product.pictureUrl ? <ThumbnailField /> : null)}
          primaryText={<ProductHeading />}
          secondaryText={<ProductDetails />}
        />
      ) : (
        <DataTable<AdminProduct> rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="pictureUrl" label="commerce.products.picture" disableSort>
            <ThumbnailField />
          </DataTable.Col>
          <DataTable.Col source="name">
            <ProductNameField />
          </DataTable.Col>
          <DataTable.Col source="type" disableSort>
            <SelectField source="type" choices={productTypeChoices} />
          </DataTable.Col>
          <DataTable.Col source="brand" disableSort />
          <DataTable.Col source="priceCents">
            <UnitPriceField />
          </DataTable.Col>
          <DataTable.Col source="active" disableSort>
            <BooleanField source="active" />
          </DataTable.Col>
          <DataTable.NumberCol source="sortOrder" />
        </DataTable>
      )}
    </StaffList>
  );
};
