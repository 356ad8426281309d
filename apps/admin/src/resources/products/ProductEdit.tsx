import { Edit, useNotify } from 'react-admin';
import { type AdminProduct } from '@estancia/contracts';
import { apiErrorKey } from '../../common/apiErrorKey';
import { AuditActions } from '../plans/CommerceFormParts';
import { PictureUpload } from './PictureUpload';
import { ProductForm } from './ProductForm';
import { productWriteBody } from './productWrite';

export const ProductEdit = () => {
  const notify = useNotify();
  return (
    <Edit<AdminProduct>
      mutationMode="pessimistic"
      actions={<AuditActions resource="products" />}
      transform={productWriteBody}
      mutationOptions={{ onError: (failure) => notify(apiErrorKey(failure), { type: 'error' }) }}
    >
      <PictureUpload />
      <ProductForm />
    </Edit>
  );
};
