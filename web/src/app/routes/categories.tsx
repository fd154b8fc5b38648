import { Link } from 'react-router';
import { BackArrow } from '@/components/ui/BackArrow';
import { QueryResults } from '@/components/ui/QueryResults';
import { Img } from '@/components/ui/Img';
import { useCategories } from '@/features/catalogue';
import { useScrollRestoration } from '@/hooks/scroll';
import { pictureUrl } from '@/lib/images';
import { categoryHref } from '@/lib/links';

/** /category: a grid of 16:9 category tiles. */
export default function CategoriesRoute() {
  const q = useCategories();
  useScrollRestoration('/category', !q.isPending);
  return (
    <div className="page">
      <header className="page__header">
        <BackArrow />
        <h1>Categories</h1>
      </header>
      <QueryResults query={q} items={(d) => d}>
        {(data) => (
          <div className="grid grid--wide">
            {data.map((c) => (
              <Link key={c.id} to={categoryHref(c.id, c.title)} className="category-tile">
                <Img src={pictureUrl('category', c, 600)} alt="" />
                <span className="category-tile__title">{c.title}</span>
              </Link>
            ))}
          </div>
        )}
      </QueryResults>
    </div>
  );
}
