/** The products feature's public module. */
export { productAgreement } from './agreement';
export { productRoutes } from './routes';
export { closeProduct, createProduct, editProduct, staffProducts, type ProductTerms, type StaffProduct } from './manage';
