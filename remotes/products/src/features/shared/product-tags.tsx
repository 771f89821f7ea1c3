import { Tag } from 'antd-mobile';
import type { ProductCard } from '../../api/products';
import { StatusTag } from './status-tag';
import '../../products.css';

/** A product's category (when it has one) and its sale status, side by side. */
export function ProductTags({ product }: { product: ProductCard }) {
  return (
    <div className="products-card-tags">
      {product.categoryName && (
        <Tag color="primary" fill="outline" className="products-category-tag">
          {product.categoryName}
        </Tag>
      )}
      <StatusTag product={product} />
    </div>
  );
}
