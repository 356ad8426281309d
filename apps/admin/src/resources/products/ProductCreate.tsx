import { Create, useNotify } from 'react-admin';
import { type AdminProduct } from '@estancia/contracts';
import { apiErrorKey } from '../../common/apiErrorKey';
import { ProductForm } from './ProductForm';
import { productWriteBody } from './productWrite';

/** A new product; its page opens next, where the picture is uploaded (the upload needs the product's id). */
export const ProductCreate = () => {
  const notify = useNotify();
  return (
    <Create<AdminProduct>
      transform={productWriteBody}
      redirect="edit"
      mutationOptions={{ onError: (failure) => notify(apiErrorKey(failure), { type: 'error' }) }}
    >
      <ProductForm creating />
    </Create>
  );
};
