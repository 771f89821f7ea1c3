import { Link } from 'react-router-dom';
import '../../products.css';

export interface MoreLink {
  to: string;
  text: string;
  testId?: string;
}

/** The row of links under a products screen, to the screens a member goes on to from there. */
export function MoreLinks({ links }: { links: MoreLink[] }) {
  return (
    <div className="products-links">
      {links.map((link) => (
        <Link key={link.to} to={link.to} className="products-more-link" data-testid={link.testId}>
          {link.text}
        </Link>
      ))}
    </div>
  );
}
